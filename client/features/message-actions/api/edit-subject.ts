import type { EditSubjectBody } from '../../../../shared/schemas/topics';
import { useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../shared/schemas/topics';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { patchPost } from './topic-cache';
import { invalidatePostLists } from '../../../lib/query-keys';

/** PUT /api/topic/subject (docs/product.md §7, admins). */
const putTopicSubject = (input: EditSubjectBody) =>
  apiFetch<Post>('/api/topic/subject', { method: 'PUT', body: input });

export function useEditSubject(topicId: number) {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.EditSubject, topicId);
  const save = async (subject: string) => {
    trackEvent('edit_subject');
    const post = await trackLoad(Section.EditSubject, () => putTopicSubject({ topicId, subject }), topicId);
    patchPost(queryClient, topicId, { subject: post.subject });
    await invalidatePostLists(queryClient);
  };
  return { status, save };
}
