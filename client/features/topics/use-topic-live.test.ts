import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/schemas/messages';
import type { TopicResponse } from '../../../shared/schemas/topics';
import type { TopicPage } from './get-topic';
import { mergeLatestPage } from './use-topic-live';

const message = (id: number, content = `m${id}`, likes: number[] = []): Message =>
  ({ id, topicId: 1, userId: 1, content, likes, date: '2026-01-01T00:00:00.000Z' }) as unknown as Message;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

function first(messages: Message[], hasMoreMessages: boolean, replies = messages.length): TopicResponse {
  return {
    mainMessage: message(1),
    messages,
    hasMoreMessages,
    post: { id: 1, replies } as TopicResponse['post'],
    users: [],
  } as TopicResponse;
}

const data = (...pages: TopicPage[]): InfiniteData<TopicPage, number | null> => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : 0)),
});
const ids = (page: TopicPage | undefined) => page?.messages.map((item) => item.id);

describe('mergeLatestPage', () => {
  it('appends new replies to the first page and keeps the older pages and the cursor', () => {
    const shown = data(first(range(10, 16), true, 20), {
      messages: range(3, 9),
      hasMoreMessages: true,
      users: [],
    });
    const merged = mergeLatestPage(shown, first(range(11, 17), true, 21));
    expect(ids(merged?.pages[0])).toEqual([10, 11, 12, 13, 14, 15, 16, 17]);
    expect(merged?.pages[0]?.hasMoreMessages).toBe(true);
    expect(ids(merged?.pages[1])).toEqual(range(3, 9).map((item) => item.id));
    expect((merged?.pages[0] as TopicResponse | undefined)?.post.replies).toBe(21);
  });

  it('replaces edited and liked replies in place and drops deleted ones in the latest range', () => {
    const shown = data(first(range(10, 16), true));
    const latest = first([...range(9, 12), message(13, 'edited', [4]), message(15), message(16)], true);
    const merged = mergeLatestPage(shown, latest);
    expect(ids(merged?.pages[0])).toEqual([10, 11, 12, 13, 15, 16]);
    expect(merged?.pages[0]?.messages.find((item) => item.id === 13)?.content).toBe('edited');
  });

  it('keeps replies older than the latest page as they are', () => {
    const shown = data(first(range(10, 16), true), {
      messages: range(3, 9),
      hasMoreMessages: false,
      users: [],
    });
    const merged = mergeLatestPage(shown, first(range(12, 18), true));
    expect(ids(merged?.pages[0])).toEqual(range(10, 18).map((item) => item.id));
    expect(ids(merged?.pages[1])).toEqual(range(3, 9).map((item) => item.id));
  });

  it('asks for a full refetch when more replies came than a page holds', () => {
    const shown = data(first(range(10, 16), true));
    expect(mergeLatestPage(shown, first(range(20, 26), true))).toBeNull();
  });
});
