import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { AppLink } from '../../components/app-link';
import type { PublicUser } from '../../../shared/schemas/common';
import type { Notification } from '../../../shared/schemas/notifications';
import { Avatar } from '../../components/avatar';
import { PageLoader } from '../../components/page-loader';
import { RevealMoreList } from '../../components/reveal-more-list';
import { heForms } from '../../i18n/he-forms';
import { formatDateTime } from '../../lib/dates';
import { mergeById } from '../../lib/merge-pages';
import { useClickOutside } from '../../lib/use-click-outside';
import { useNotifications } from './api/get-notifications';
import { useMarkAllRead } from './api/mark-read';
import { useUnreadCount } from './api/use-unread-count';
import { textDirection } from '../../lib/text-direction';
import './notifications.css';

/** More than this shows as "99+" on the badge; the label still says the exact count. */
const BADGE_MAX = 99;

/**
 * The header's bell for a logged-in user: the unread count on a badge, and a panel listing the
 * notifications 7 at a time, newest first, each linking to the message it is about.
 */
export function NotificationBell() {
  const count = useUnreadCount() ?? 0;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(rootRef, close, open);

  useEffect(() => {
    if (!open) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [open]);

  return (
    <div className="bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="bell__button"
        aria-label={heForms.notifications.bell(count)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        {count > 0 ? (
          <span className="bell__badge" aria-hidden="true">
            {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
          </span>
        ) : null}
      </button>
      {open ? <NotificationPanel id={panelId} unreadCount={count} onNavigate={close} /> : null}
    </div>
  );
}

function NotificationPanel({
  id,
  unreadCount,
  onNavigate,
}: {
  id: string;
  unreadCount: number;
  onNavigate: () => void;
}) {
  const query = useNotifications(true);
  const markAllRead = useMarkAllRead();
  const [marking, setMarking] = useState(false);
  const { items, users } = useMemo(() => {
    const pages = query.data?.pages ?? [];
    return {
      items: [...mergeById(pages.map((page) => page.notifications)).values()],
      users: mergeById(pages.map((page) => page.users)),
    };
  }, [query.data]);
  const anyUnread = unreadCount > 0 || items.some((item) => !item.read);

  const handleMarkAll = () => {
    setMarking(true);
    markAllRead()
      .catch(() => undefined)
      .finally(() => setMarking(false));
  };

  return (
    <section id={id} className="bell__panel" aria-label={heForms.notifications.title}>
      <div className="bell__head">
        <h2 className="bell__title">{heForms.notifications.title}</h2>
        {anyUnread ? (
          <button type="button" className="link-button" onClick={handleMarkAll} disabled={marking}>
            {heForms.notifications.markAllRead}
          </button>
        ) : null}
      </div>
      {query.isPending ? <PageLoader compact /> : null}
      {query.isSuccess && items.length === 0 ? (
        <p className="bell__empty">{heForms.notifications.empty}</p>
      ) : null}
      {items.length > 0 ? (
        <RevealMoreList
          items={items}
          source={query}
          label={heForms.notifications.list}
          moreLabel={heForms.notifications.more}
          className="bell__list-section"
          listClassName="bell__list"
        >
          {(item) => (
            <NotificationItem
              notification={item}
              actor={item.actorId === null ? undefined : users.get(item.actorId)}
              onNavigate={onNavigate}
            />
          )}
        </RevealMoreList>
      ) : null}
    </section>
  );
}

function NotificationItem({
  notification,
  actor,
  onNavigate,
}: {
  notification: Notification;
  actor: PublicUser | undefined;
  onNavigate: () => void;
}) {
  const body = (
    <>
      <Avatar user={actor} size={32} />
      <span className="notification__text">
        <span className="notification__sentence" dir={textDirection(notification.text)}>
          {notification.text}
        </span>
        {/* The sentence names the topic for most kinds; a like's does not. */}
        {notification.subject && !notification.text.includes(notification.subject) ? (
          <span className="notification__subject" dir={textDirection(notification.subject)}>
            {notification.subject}
          </span>
        ) : null}
        <time className="notification__date" dateTime={notification.date}>
          {formatDateTime(notification.date)}
        </time>
      </span>
      {notification.read ? null : (
        <span className="notification__dot">
          <span className="visually-hidden">{heForms.notifications.unread}</span>
        </span>
      )}
    </>
  );
  const className = notification.read ? 'notification' : 'notification is-unread';
  if (notification.link === null) {
    return (
      <div className={className} title={heForms.notifications.gone}>
        {body}
      </div>
    );
  }
  return (
    <AppLink className={className} to={notification.link} onClick={onNavigate}>
      {body}
    </AppLink>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
      />
    </svg>
  );
}
