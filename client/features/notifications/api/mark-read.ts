import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/query-keys';
import { getAuth } from '../../../session/auth-store';
import { refreshUnreadTopics } from '../../../session/unread-topics';
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

/**
 * Tells the server the logged-in user has seen these messages of a topic, so their notifications
 * become read and their place in the topic moves (POST /api/notifications/read), and updates the
 * badge, the list and the unread counts of the post lists.
 */
export async function markMessagesRead(
  queryClient: QueryClient,
  userId: number,
  topicId: number,
  messageIds: number[],
): Promise<void> {
  const { unreadCount } = await apiFetch<UnreadAnswer>(`${apiPaths.notifications}/read`, {
    method: 'POST',
    body: { topicId, messageIds },
  });
  setUnreadCount(queryClient, userId, unreadCount);
  // The member's place in the topic moved too: the lists' counts of unread messages follow.
  await Promise.all([refreshNotificationList(queryClient), refreshUnreadTopics(queryClient)]);
}
