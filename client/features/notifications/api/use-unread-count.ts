import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths, queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../../session/auth-store';

/** How often the count is asked for while live updates (server-sent events) are not wired in. */
export const UNREAD_POLL_MS = 60_000;

/** The unread count's cache key for one user, so another login on the same tab starts afresh. */
export const unreadCountKey = (userId: number) => [...queryKeys.unreadCount, userId];

/**
 * The logged-in user's unread notification count: fetched on load and every minute. The one
 * place to switch to `useLiveEvents` (a `notification.created` event) once live updates land.
 */
export function useUnreadCount(): number | undefined {
  const { userId } = useAuth();
  const query = useQuery({
    queryKey: unreadCountKey(userId ?? 0),
    queryFn: ({ signal }) => apiFetch<{ unreadCount: number }>(apiPaths.unreadCount, { signal }),
    enabled: userId !== null,
    refetchInterval: UNREAD_POLL_MS,
    select: (data) => data.unreadCount,
  });
  return userId === null ? undefined : query.data;
}
