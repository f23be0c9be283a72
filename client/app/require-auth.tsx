import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../session/auth-store';
import { he } from '../i18n/he';
import { openHeaderPanel } from '../session/header-panel';

const GUARDED = /^\/(?:edit-profile|search|message-reports|moderation-log)(?:\/|$)/;

/** Paths behind the guard (spec §2: login required). Keep in step with routes.tsx. */
export function isGuardedPath(pathname: string): boolean {
  return GUARDED.test(pathname);
}

/**
 * The route guard of spec §2: entry only with a stored token; otherwise the login panel opens with
 * the spec's message and the navigation is undone (back where the visitor came from, or home).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (isLoggedIn) return;
    openHeaderPanel('Login', he.loginRequired);
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [isLoggedIn, navigate]);
  return isLoggedIn ? children : null;
}
