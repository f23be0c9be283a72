import type { EditMessageBody } from '../../../../shared/schemas/messages';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../../../shared/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { patchMessage } from './topic-cache';

/** PUT /api/message/ (docs/product.md §7): the author or an admin changes a message. */
const putMessage = (input: EditMessageBody) =>
  apiFetch<Message>('/api/message/', { method: 'PUT', body: input });

export function useEditMessage(topicId: number, messageId: number) {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.EditMessage, messageId);
  const edit = async (content: string) => {
    trackEvent('edit_message');
    const saved = await trackLoad(Section.EditMessage, () => putMessage({ messageId, content }), messageId);
    patchMessage(queryClient, topicId, messageId, { content: saved.content });
  };
  return { status, edit };
}
