import type { NewMessageBody } from '../../../../shared/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { invalidatePostLists, invalidateTopic } from '../../../lib/query-keys';

/** POST /api/message (docs/product.md §7): a reply to a topic. */
const createMessage = (input: NewMessageBody) =>
  apiFetch<unknown>('/api/message', { method: 'POST', body: input });

/** Sends a reply, tracked in the NewMessage section of its topic. */
export function useCreateMessage(topicId: number) {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.NewMessage, topicId);
  const send = async (content: string) => {
    trackEvent('new_message');
    await trackLoad(Section.NewMessage, () => createMessage({ topicId, content }), topicId);
    await Promise.all([invalidateTopic(queryClient, topicId), invalidatePostLists(queryClient)]);
  };
  return { status, send };
}
