import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationsResponse } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/query-keys';
import { getAuth, useAuth } from '../../../session/auth-store';
import { notificationsKey, refreshNotificationList, setUnreadCount } from './get-notifications';

type UnreadAnswer = { unreadCount: number };

/** POST /api/notifications/read-all; the list shows every item read straight away. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return async () => {
    const { userId } = getAuth();
    if (userId === null) return;
    const { unreadCount } = await apiFetch<UnreadAnswer>(`${apiPaths.notifications}/read-all`, {
      method: 'POST',
      body: {},
    });
    setUnreadCount(queryClient, userId, unreadCount);
    queryClient.setQueryData<InfiniteData<NotificationsResponse>>(notificationsKey(userId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              unreadCount,
              notifications: page.notifications.map((item) => ({ ...item, read: true })),
            })),
          }
        : data,
    );
  };
}

/** The most message ids one call may carry (the server's limit). */
const MAX_IDS = 100;
/** A page shown for a moment while paging on does not count as read. */
const READ_DELAY_MS = 500;

/**
 * Tells the server the logged-in user is looking at these messages of a topic, so their
 * notifications become read (POST /api/notifications/read). Sent again only when the ids change.
 */
export function useMarkMessagesRead(topicId: number, messageIds: readonly number[]) {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const ids = messageIds.slice(-MAX_IDS).join(',');
  useEffect(() => {
    if (userId === null || topicId <= 0 || ids === '') return;
    const timer = window.setTimeout(() => {
      apiFetch<UnreadAnswer>(`${apiPaths.notifications}/read`, {
        method: 'POST',
        body: { topicId, messageIds: ids.split(',').map(Number) },
      })
        .then(({ unreadCount }) => {
          setUnreadCount(queryClient, userId, unreadCount);
          return refreshNotificationList(queryClient);
        })
        .catch(() => undefined);
    }, READ_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [queryClient, userId, topicId, ids]);
}
