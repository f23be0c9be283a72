import { useQueryClient } from '@tanstack/react-query';
import type { LikeResponse } from '../../../../shared/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { patchMessage } from './topic-cache';

/** GET /api/message/like/{id} (docs/product.md §7): toggles the like; answers the new list of likers. */
const getLikeMessage = (messageId: number) => apiFetch<LikeResponse>(`/api/message/like/${messageId}`);

export function useLikeMessage(topicId: number, messageId: number) {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.LikeMessage, messageId);
  const toggle = async () => {
    trackEvent('like_message');
    const { likes } = await trackLoad(Section.LikeMessage, () => getLikeMessage(messageId), messageId);
    patchMessage(queryClient, topicId, messageId, { likes });
  };
  return { status, toggle };
}
