import type { NewTopicBody } from '../../../../shared/schemas/topics';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { invalidatePostLists } from '../../../lib/query-keys';

type CreateTopicInput = NewTopicBody;

/** POST /api/topic/ (docs/product.md §7): a new topic with its main message. */
export const createTopic = (input: CreateTopicInput) =>
  apiFetch<unknown>('/api/topic/', { method: 'POST', body: input });

/** Sends a new topic, tracked in the NewTopic section of its forum. */
export function useCreateTopic(forumId: number) {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.NewTopic, forumId);
  const send = async (input: Omit<CreateTopicInput, 'forumId'>) => {
    trackEvent('new_topic');
    await trackLoad(Section.NewTopic, () => createTopic({ ...input, forumId }), forumId);
    await invalidatePostLists(queryClient);
  };
  return { status, send };
}
