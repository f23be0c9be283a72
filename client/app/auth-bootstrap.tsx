import { useEffect } from 'react';
import type { UserResponse } from '../../shared/schemas/accounts';
import { he } from '../i18n/he';
import { ApiError, apiFetch, onSessionEnded } from '../lib/api-client';
import { loadedLiveHub } from '../lib/live-events';
import { openHeaderPanel } from '../session/header-panel';
import { followOtherTabs, getAuth, logout, onTokenChange, setAuthenticatedUser } from '../session/auth-store';

/**
 * Checks a stored token once (docs/product.md §4): on success the user is known, on a refusal the visitor is
 * logged out and shown the login panel. A network failure keeps the token.
 */
function validateToken(token: string, isCancelled: () => boolean): void {
  apiFetch<UserResponse>('/api/validate-token')
    .then(({ user }) => {
      if (!isCancelled() && getAuth().token === token) setAuthenticatedUser(user);
    })
    .catch((error: unknown) => {
      if (isCancelled() || getAuth().token !== token) return;
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        logout();
        openHeaderPanel('Login', he.tokenInvalid);
      }
    });
}

/**
 * A token stored at app start is validated once; later refusals of a call that carried the token
 * log out the same way; the header follows a login or logout in another tab; and the tab's
 * live-update stream is reopened for the new session (or none).
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
    let cancelled = false;
    const isCancelled = () => cancelled;
    const { token } = getAuth();
    if (token) validateToken(token, isCancelled);
    const stopFollowing = followOtherTabs((newToken) => validateToken(newToken, isCancelled));
    const stopWatching = onTokenChange(() => loadedLiveHub()?.authChanged());
    return () => {
      cancelled = true;
      stopFollowing();
      stopWatching();
    };
  }, []);
  return null;
}
