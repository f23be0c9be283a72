import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { Actor } from '../../shared/policies';
import { useActor, useAuth } from '../session/auth-store';
import { PageLoader } from '../components/page-loader';
import { StatusMessage } from '../components/form/status-message';
import { he } from '../i18n/he';
import { openHeaderPanel } from '../session/header-panel';

const GUARDED = /^\/(?:edit-profile|search|message-reports|moderation-log|admin)(?:\/|$)/;

/** Paths behind the guard (docs/product.md §2: login required). Keep in step with routes.tsx. */
export function isGuardedPath(pathname: string): boolean {
  return GUARDED.test(pathname);
}

/**
 * The route guard of docs/product.md §2: entry only with a stored token; otherwise the login panel opens with
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

/**
 * The admins' pages (running the forum): behind the login guard, then shown only once the stored
 * token's user is known to be an admin. The server refuses everyone else's calls either way.
 */
export function RequireAdmin({
  allowed,
  children,
}: {
  allowed: (actor: Actor) => boolean;
  children: ReactNode;
}) {
  const actor = useActor();
  const { user } = useAuth();
  let content: ReactNode = children;
  if (!user) content = <PageLoader />;
  else if (!allowed(actor)) content = <StatusMessage tone="error">{he.adminsOnly}</StatusMessage>;
  return <RequireAuth>{content}</RequireAuth>;
}
