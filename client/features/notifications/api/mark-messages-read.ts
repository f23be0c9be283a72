import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../../session/auth-store';

/** The most message ids one call may carry (the server's limit). */
const MAX_IDS = 100;
/** A page shown for a moment while paging on does not count as read. */
const READ_DELAY_MS = 500;

/**
 * Tells the server the logged-in user is looking at these messages of a topic, so their
 * notifications become read (POST /api/notifications/read). Sent again only when the ids change.
 * The call and the notification cache code load only when a logged-in user reads (a guest's topic
 * page never downloads them).
 */
export function useMarkMessagesRead(topicId: number, messageIds: readonly number[]) {
  const queryClient = useQueryClient();
  const { userId } = useAuth();
  const ids = messageIds.slice(-MAX_IDS).join(',');
  useEffect(() => {
    if (userId === null || topicId <= 0 || ids === '') return;
    const timer = window.setTimeout(() => {
      import('./mark-read')
        .then(({ markMessagesRead }) =>
          markMessagesRead(queryClient, userId, topicId, ids.split(',').map(Number)),
        )
        .catch(() => undefined);
    }, READ_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [queryClient, userId, topicId, ids]);
}
