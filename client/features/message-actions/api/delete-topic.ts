import { queryKeys } from '../../../lib/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { invalidatePostLists } from '../../../lib/query-keys';

/** DELETE /api/topic/{id} (docs/product.md §7, admins): the topic and all its messages. */
export const deleteTopic = (topicId: number) =>
  apiFetch<unknown>(`/api/topic/${topicId}`, { method: 'DELETE' });

/** Deleting a topic is tracked on its main message; once done the forum page opens (docs/product.md §4). */
export function useDeleteTopic(topicId: number, forumId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const status = useLoadStatus(Section.DeleteMessage, topicId);
  const remove = async () => {
    trackEvent('delete_topic');
    await trackLoad(Section.DeleteMessage, () => deleteTopic(topicId), topicId);
    await invalidatePostLists(queryClient);
    navigate(`/forum/${forumId}`);
    queryClient.removeQueries({ queryKey: queryKeys.topic(topicId) });
  };
  return { status, run: remove };
}
