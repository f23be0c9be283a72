import type { MoveTopicBody } from '../../../../shared/schemas/topics';
import { useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../shared/schemas/topics';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { patchPost } from './topic-cache';
import { invalidatePostLists } from '../../../lib/query-keys';

/** PUT /api/topic/move (docs/product.md §7, admins). */
const putMoveTopic = (input: MoveTopicBody) =>
  apiFetch<Post>('/api/topic/move', { method: 'PUT', body: input });

export function useMoveTopic(topicId: number) {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.MoveTopic, topicId);
  const move = async (forumId: number) => {
    trackEvent('move_topic');
    await trackLoad(Section.MoveTopic, () => putMoveTopic({ topicId, forumId }), topicId);
    patchPost(queryClient, topicId, { forumId });
    await invalidatePostLists(queryClient);
  };
  return { status, move };
}
