import { useInfiniteQuery } from '@tanstack/react-query';
import type { Message, MoreMessagesResponse } from '../../../shared/schemas/messages';
import type { TopicAtResponse } from '../../../shared/schemas/notifications';
import type { TopicResponse } from '../../../shared/schemas/topics';

import { apiFetch } from '../../lib/api-client';
import { apiPaths, queryKeys } from '../../lib/query-keys';

/** The first page of a topic, then pages of earlier replies. */
export type TopicPage = TopicResponse | TopicAtResponse | MoreMessagesResponse;

const isFirstPage = (page: TopicPage): page is TopicResponse => 'mainMessage' in page;

/**
 * A topic with its main message and its latest replies, or, given `atMessageId` (a notification's
 * link), the page of replies that holds that message (`/at/{messageId}`); either way each next page
 * holds the replies before the oldest one fetched (`/more/{lastMessageId}`).
 */
export function useTopic(topicId: number, atMessageId: number | null = null) {
  const path = apiPaths.topic(topicId);
  return useInfiniteQuery({
    queryKey: atMessageId === null ? queryKeys.topic(topicId) : queryKeys.topicAt(topicId, atMessageId),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      pageParam === null
        ? apiFetch<TopicPage>(atMessageId === null ? path : apiPaths.topicAt(topicId, atMessageId), {
            signal,
          })
        : apiFetch<TopicPage>(`${path}/more/${pageParam}`, { signal }),
    getNextPageParam: (last) => {
      if (!last.hasMoreMessages) return null;
      const ids = last.messages.map((message) => message.id);
      return ids.length ? Math.min(...ids) : null;
    },
    enabled: Number.isInteger(topicId) && topicId > 0,
  });
}

/**
 * The first reply after the first page, when newer replies exist (only a page opened at a message
 * has them): reading on opens the page that starts with it.
 */
export function newerMessageId(pages: readonly TopicPage[] | undefined): number | null {
  const first = pages?.[0];
  return first !== undefined && 'newerMessageId' in first ? first.newerMessageId : null;
}

/** The replies of all fetched pages, oldest first, without the main message or repeats. */
export function repliesOf(pages: readonly TopicPage[]): Message[] {
  const first = pages[0];
  const mainId = first && isFirstPage(first) ? first.mainMessage.id : null;
  const byId = new Map<number, Message>();
  for (const page of pages) {
    for (const message of page.messages) {
      if (message.id !== mainId) byId.set(message.id, message);
    }
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The topic itself: the first page, when it has arrived. */
export function topicOf(pages: readonly TopicPage[] | undefined): TopicResponse | undefined {
  const first = pages?.[0];
  return first && isFirstPage(first) ? first : undefined;
}
