import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useLiveEvents } from '../../../lib/live-events';
import { apiPaths, queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../../session/auth-store';

/**
 * How often the count is asked for besides the live `notification.created` events: a safety net
 * for a tab whose event stream is down (a proxy that drops it, a server at its stream limit).
 */
export const UNREAD_POLL_MS = 60_000;

/** The unread count's cache key for one user, so another login on the same tab starts afresh. */
export const unreadCountKey = (userId: number) => [...queryKeys.unreadCount, userId];

/**
 * The logged-in user's unread notification count: fetched on load, again when the live stream says
 * a notification arrived (or after a resync), and every minute.
 */
export function useUnreadCount(): number | undefined {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  useLiveEvents(userId === null ? null : { notifications: true }, () => {
    void queryClient.invalidateQueries({ queryKey: unreadCountKey(userId ?? 0) });
  });
  const query = useQuery({
    queryKey: unreadCountKey(userId ?? 0),
    queryFn: ({ signal }) => apiFetch<{ unreadCount: number }>(apiPaths.unreadCount, { signal }),
    enabled: userId !== null,
    refetchInterval: UNREAD_POLL_MS,
    select: (data) => data.unreadCount,
  });
  return userId === null ? undefined : query.data;
}
