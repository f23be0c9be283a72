import { queryKeys } from '../../../lib/query-keys';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Message } from '../../../../shared/schemas/messages';
import type { Post, TopicResponse } from '../../../../shared/schemas/topics';

/** Applies a change to every page of a cached topic (the reducer effects of docs/product.md §4). */
function updateTopicCache(
  queryClient: QueryClient,
  topicId: number,
  change: (page: TopicResponse) => TopicResponse,
): void {
  // By prefix: the topic opened at a message (a notification's link) is cached under the same key.
  queryClient.setQueriesData<InfiniteData<TopicResponse>>({ queryKey: queryKeys.topic(topicId) }, (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
}

/** Replaces fields of one message, wherever it sits (main message or a reply). */
export function patchMessage(
  queryClient: QueryClient,
  topicId: number,
  messageId: number,
  patch: Partial<Message>,
) {
  updateTopicCache(queryClient, topicId, (page) => ({
    ...page,
    mainMessage: page.mainMessage.id === messageId ? { ...page.mainMessage, ...patch } : page.mainMessage,
    messages: page.messages.map((message) => (message.id === messageId ? { ...message, ...patch } : message)),
  }));
}

export function removeMessage(queryClient: QueryClient, topicId: number, messageId: number) {
  updateTopicCache(queryClient, topicId, (page) => ({
    ...page,
    messages: page.messages.filter((message) => message.id !== messageId),
    post: { ...page.post, replies: Math.max(0, page.post.replies - 1) },
  }));
}

export function patchPost(queryClient: QueryClient, topicId: number, patch: Partial<Post>) {
  updateTopicCache(queryClient, topicId, (page) => ({ ...page, post: { ...page.post, ...patch } }));
}
