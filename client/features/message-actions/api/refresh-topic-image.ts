import { useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { patchPost } from './topic-cache';
import { invalidatePostLists } from '../../../lib/query-keys';

/** GET /api/topic/image/{id} (docs/product.md §7, admins): makes the topic image again. */
const getRefreshTopicImage = (topicId: number) => apiFetch<{ image: string }>(`/api/topic/image/${topicId}`);

export function useRefreshTopicImage(topicId: number) {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.RefreshPostImage, topicId);
  const refresh = async () => {
    trackEvent('refresh_image');
    const { image } = await trackLoad(Section.RefreshPostImage, () => getRefreshTopicImage(topicId), topicId);
    patchPost(queryClient, topicId, { image });
    await invalidatePostLists(queryClient);
  };
  return { status, run: refresh };
}
