import { useInfiniteQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../shared/schemas/common';
import type { Message } from '../../../shared/schemas/messages';
import type { Post } from '../../../shared/schemas/topics';

import { apiFetch } from '../../lib/api-client';

/** GET /api/topic/{id} (spec §3: messages by topic). */
export interface TopicResponse {
  messages: Message[];
  mainMessage: Message;
  hasMoreMessages: boolean;
  post: Post;
  users: PublicUser[];
}

export const topicPath = (topicId: number) => `/api/topic/${topicId}`;

/**
 * A topic with its main message and its latest replies; each next page holds the replies before
 * the oldest one fetched (`/more/{lastMessageId}`).
 */
export function useTopic(topicId: number) {
  const path = topicPath(topicId);
  return useInfiniteQuery({
    queryKey: [path],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<TopicResponse>(pageParam === null ? path : `${path}/more/${pageParam}`, { signal }),
    getNextPageParam: (last) => {
      if (!last.hasMoreMessages) return null;
      const ids = last.messages.map((message) => message.id).filter((id) => id !== last.mainMessage.id);
      return ids.length ? Math.min(...ids) : null;
    },
    enabled: Number.isInteger(topicId) && topicId > 0,
  });
}

/** The replies of all fetched pages, oldest first, without the main message or repeats. */
export function repliesOf(pages: readonly TopicResponse[]): Message[] {
  const byId = new Map<number, Message>();
  for (const page of pages) {
    for (const message of page.messages) {
      if (message.id !== page.mainMessage.id) byId.set(message.id, message);
    }
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
