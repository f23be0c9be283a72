import { useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { removeMessage } from './topic-cache';
import { invalidatePostLists } from '../../../lib/query-keys';

/** DELETE /api/message/{id} (docs/product.md §7): a reply, by its author or an admin. */
export const deleteMessage = (messageId: number) =>
  apiFetch<unknown>(`/api/message/${messageId}`, { method: 'DELETE' });

export function useDeleteMessage(topicId: number, messageId: number) {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.DeleteMessage, messageId);
  const remove = async () => {
    trackEvent('delete_message');
    await trackLoad(Section.DeleteMessage, () => deleteMessage(messageId), messageId);
    removeMessage(queryClient, topicId, messageId);
    await invalidatePostLists(queryClient);
  };
  return { status, run: remove };
}
