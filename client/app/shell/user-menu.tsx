import { useEffect, useRef, useState } from 'react';
import { AppLink } from '../../components/app-link';
import { can } from '../../../shared/policies';
import { getAuth, logout, useActor, useAuth } from '../../session/auth-store';
import { he } from '../../i18n/he';
import { apiFetch } from '../../lib/api-client';
import { Avatar } from '../../components/avatar';
import { forgetAllDrafts } from '../../lib/drafts';

type Actor = ReturnType<typeof useActor>;

/** The menu's links, in order, each shown to whom its policy allows (the server checks again). */
const MENU_LINKS: readonly { to: string; label: string; shown: (actor: Actor) => boolean }[] = [
  { to: '/unread', label: he.unreadPage.title, shown: () => true },
  { to: '/edit-profile', label: he.editProfile, shown: () => true },
  { to: '/message-reports', label: he.messageReports, shown: can.moderateReports },
  { to: '/admin/forums', label: he.adminForums, shown: can.manageForums },
  { to: '/admin/members', label: he.adminMembers, shown: can.manageMembers },
  { to: '/admin/site', label: he.adminSite, shown: can.manageSite },
  { to: '/moderation-log', label: he.moderationLogLink, shown: can.readModerationLog },
];

/**
 * A logged-in user's avatar, name and menu (docs/product.md §1). Its own chunk: a guest, whom every
 * page is rendered for, never downloads it.
 */
export function UserMenu() {
  const { user } = useAuth();
  const actor = useActor();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (menuRef.current && event.target instanceof Node && !menuRef.current.contains(event.target))
        setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  const handleLogout = () => {
    setOpen(false);
    const { token } = getAuth();
    // Logging out on purpose leaves nothing of the member's writing behind on a shared computer.
    forgetAllDrafts();
    logout();
    if (token) {
      // The server revokes the session; locally the visitor is a guest at once either way.
      apiFetch('/api/logout', { method: 'POST', token }).catch(() => undefined);
    }
  };

  return (
    <div className="user-menu" ref={menuRef}>
      <button
        type="button"
        className="user-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} size={34} />
        <span className="user-menu__name" dir="auto">
          {user?.username ?? he.userMenu}
        </span>
        <span className="user-menu__caret" aria-hidden="true" />
      </button>
      {open ? (
        <div className="user-menu__list" role="menu">
          {MENU_LINKS.filter((link) => link.shown(actor)).map((link) => (
            <AppLink key={link.to} role="menuitem" to={link.to} onClick={() => setOpen(false)}>
              {link.label}
            </AppLink>
          ))}
          <button role="menuitem" type="button" onClick={handleLogout}>
            {he.logout}
          </button>
        </div>
      ) : null}
    </div>
  );
}
