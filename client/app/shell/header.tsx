import { lazy, Suspense } from 'react';
import { AppLink } from '../../components/app-link';
import { useAuth } from '../../session/auth-store';
import { useSiteName } from '../../session/get-site';
import { he } from '../../i18n/he';
import { openHeaderPanel, useHeaderPanel } from '../../session/header-panel';
import { Logo } from '../../components/logo';

// The switch works once the page is interactive; until then the head script's theme is already on
// screen, so it stays out of the first download, in a placeholder of its size.
const ThemeToggle = lazy(() => import('./theme-toggle').then((m) => ({ default: m.ThemeToggle })));

const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

// Only a logged-in user has a bell: a guest's page never downloads it.
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

const HeaderPanel = lazy(() =>
  import('../../features/auth/header-panel').then((m) => ({ default: m.HeaderPanel })),
);

/** Logo and name; login and register for guests, or the avatar and user menu (docs/product.md §1). */
export function Header() {
  const auth = useAuth();
  const panel = useHeaderPanel();
  const siteName = useSiteName();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <AppLink to="/" className="brand" aria-label={`${siteName} – ${he.home}`}>
          <Logo />
          <span className="brand__name">{siteName}</span>
        </AppLink>
        <nav className="site-header__actions" aria-label={he.userMenu}>
          <Suspense fallback={<span className="theme-toggle theme-toggle--placeholder" aria-hidden="true" />}>
            <ThemeToggle />
          </Suspense>
          {auth.isLoggedIn ? (
            <>
              <Suspense fallback={<span className="bell-placeholder" aria-hidden="true" />}>
                <NotificationBell />
              </Suspense>
              <Suspense fallback={<span className="user-menu-placeholder" aria-hidden="true" />}>
                <UserMenu />
              </Suspense>
            </>
          ) : (
            <>
              <button type="button" className="button button--ghost" onClick={() => openHeaderPanel('Login')}>
                {he.login}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => openHeaderPanel('Register')}
              >
                {he.register}
              </button>
            </>
          )}
        </nav>
      </div>
      {panel.mode ? (
        <div className="site-header__panel">
          <Suspense fallback={null}>
            <HeaderPanel />
          </Suspense>
        </div>
      ) : null}
    </header>
  );
}
