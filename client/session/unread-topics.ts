import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LIMITS } from '../../shared/limits';
import type { ReadingTopicsResponse, UnreadTopic } from '../../shared/schemas/reading';
import type { Post } from '../../shared/schemas/topics';
import { apiFetch } from '../lib/api-client';
import { apiPaths, queryKeys } from '../lib/query-keys';
import { useAuth } from './auth-store';

const NONE: ReadonlyMap<number, UnreadTopic> = new Map();

/**
 * For a logged-in member, the listed topics they opened before that have others' messages since
 * (GET /api/reading/topics), by topic id. A guest, and a member before the answer, get none: the
 * counts are personal, so the server's page never has them and they come after hydration.
 */
export function useUnreadTopics(posts: readonly Post[]): ReadonlyMap<number, UnreadTopic> {
  const { userId } = useAuth();
  const listed = posts.slice(0, LIMITS.readingTopicsMax);
  const ids = listed.map((post) => post.id).join(',');
  // A new reply to a listed topic changes its count: the list's reply counts are part of the key.
  const replies = listed.map((post) => post.replies).join(',');
  const { data } = useQuery({
    queryKey: [...queryKeys.unreadTopics, userId, ids, replies],
    queryFn: ({ signal }) => apiFetch<ReadingTopicsResponse>(apiPaths.unreadTopics(ids), { signal }),
    enabled: userId !== null && ids !== '',
    // The counts shown stay while a changed list asks again, instead of blinking out, but never
    // pass from one member to another.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === userId ? previous : undefined,
  });
  return useMemo(
    () => (data && userId !== null ? new Map(data.topics.map((topic) => [topic.topicId, topic])) : NONE),
    [data, userId],
  );
}

/** After the member read messages somewhere: every list's counts, and their unread list, are asked for again. */
export async function refreshUnreadTopics(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.unreadTopics }),
    queryClient.invalidateQueries({ queryKey: [apiPaths.unreadPosts] }),
  ]);
}

/**
 * The first message of a topic the logged-in member had not seen when they came in, kept for the
 * visit: the page marks it and those after it as new while reading moves the place on. Asked once
 * as the page opens, before the page says what is on screen (half a second later), so it answers
 * with the place as it was; null for a guest, a topic with nothing new, or before the answer.
 */
export function useNewSinceEntry(topicId: number): number | null {
  const { userId } = useAuth();
  const key = userId === null || topicId <= 0 ? null : `${userId}:${topicId}`;
  const [entry, setEntry] = useState<{ key: string; firstUnreadId: number | null } | null>(null);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    apiFetch<ReadingTopicsResponse>(apiPaths.unreadTopics(String(topicId)), { signal: controller.signal })
      .then((answer) => setEntry({ key, firstUnreadId: answer.topics[0]?.firstUnreadId ?? null }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [key, topicId]);
  return entry !== null && entry.key === key ? entry.firstUnreadId : null;
}
