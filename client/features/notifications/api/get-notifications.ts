import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '../../../../shared/schemas/notifications';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths, queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../../session/auth-store';
import { unreadCountKey } from './use-unread-count';

export const notificationsKey = (userId: number) => [...queryKeys.notifications, userId];

/** The user's notifications, 7 newest first, then the 7 before the oldest fetched (`/more/{id}`). */
export function useNotifications(enabled: boolean) {
  const { userId } = useAuth();
  return useInfiniteQuery({
    queryKey: notificationsKey(userId ?? 0),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<NotificationsResponse>(
        pageParam === null ? apiPaths.notifications : `${apiPaths.notifications}/more/${pageParam}`,
        { signal },
      ),
    getNextPageParam: (last) => (last.hasMoreNotifications ? (last.notifications.at(-1)?.id ?? null) : null),
    enabled: enabled && userId !== null,
    // Opening the list always shows what is new since it was last opened.
    staleTime: 0,
  });
}

/** After notifications became read elsewhere (a topic page): the list is fetched again when shown. */
export function refreshNotificationList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
}

/** Puts a count the server answered into the cache at once. */
export function setUnreadCount(queryClient: QueryClient, userId: number, unreadCount: number): void {
  queryClient.setQueryData(unreadCountKey(userId), { unreadCount });
}
