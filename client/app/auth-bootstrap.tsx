import { useEffect } from 'react';
import type { UserResponse } from '../../shared/schemas/accounts';
import { he } from '../i18n/he';
import { ApiError, apiFetch, onSessionEnded } from '../lib/api-client';
import { openHeaderPanel } from '../session/header-panel';
import { getAuth, logout, setAuthenticatedUser } from '../session/auth-store';

/**
 * A token stored at app start is validated once (§4): on success the user is known, on a refusal
 * the visitor is logged out and shown the login panel. A network failure keeps the token. Later
 * refusals of a call that carried the token log out the same way.
 */
export function AuthBootstrap() {
  // A session can also end while the page is open (a suspension, a password reset elsewhere): the
  // next call that carried its token is refused, and the visitor is a guest from then on.
  useEffect(() => {
    onSessionEnded(() => {
      logout();
      openHeaderPanel('Login', he.tokenInvalid);
    });
    return () => onSessionEnded(null);
  }, []);
  useEffect(() => {
    const { token } = getAuth();
    if (!token) return;
    let cancelled = false;
    apiFetch<UserResponse>('/api/validate-token')
      .then(({ user }) => {
        if (!cancelled && getAuth().token === token) setAuthenticatedUser(user);
      })
      .catch((error: unknown) => {
        if (cancelled || getAuth().token !== token) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          logout();
          openHeaderPanel('Login', he.tokenInvalid);
        }
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
