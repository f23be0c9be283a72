import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { can } from '../../../shared/policies';
import { getAuth, logout, useActor, useAuth } from '../../session/auth-store';
import { he } from '../../i18n/he';
import { apiFetch } from '../../lib/api-client';
import { Avatar } from '../../components/avatar';

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
          <Link role="menuitem" to="/edit-profile" onClick={() => setOpen(false)}>
            {he.editProfile}
          </Link>
          {can.moderateReports(actor) ? (
            <Link role="menuitem" to="/message-reports" onClick={() => setOpen(false)}>
              {he.messageReports}
            </Link>
          ) : null}
          {can.manageForums(actor) ? (
            <Link role="menuitem" to="/admin/forums" onClick={() => setOpen(false)}>
              {he.adminForums}
            </Link>
          ) : null}
          {can.manageMembers(actor) ? (
            <Link role="menuitem" to="/admin/members" onClick={() => setOpen(false)}>
              {he.adminMembers}
            </Link>
          ) : null}
          {can.manageSite(actor) ? (
            <Link role="menuitem" to="/admin/site" onClick={() => setOpen(false)}>
              {he.adminSite}
            </Link>
          ) : null}
          {can.readModerationLog(actor) ? (
            <Link role="menuitem" to="/moderation-log" onClick={() => setOpen(false)}>
              {he.moderationLogLink}
            </Link>
          ) : null}
          <button role="menuitem" type="button" onClick={handleLogout}>
            {he.logout}
          </button>
        </div>
      ) : null}
    </div>
  );
}
