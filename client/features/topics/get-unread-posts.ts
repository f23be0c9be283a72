import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { apiFetch } from '../../lib/api-client';
import { apiPaths, queryKeys } from '../../lib/query-keys';
import { useAuth } from '../../session/auth-store';
import { postsOfPages } from './use-post-list';

/**
 * The logged-in member's topics with messages of others they have not seen, newest activity first,
 * in server pages (`/api/reading/unread`, then `/more/{timestamp}`).
 */
function useUnreadPosts() {
  const { userId } = useAuth();
  return useInfiniteQuery({
    queryKey: queryKeys.unreadPosts(userId),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<PostsResponse>(
        pageParam === null ? apiPaths.unreadPosts : `${apiPaths.unreadPosts}/more/${pageParam}`,
        { signal },
      ),
    getNextPageParam: (last) => (last.hasMorePosts ? (last.posts.at(-1)?.timestamp ?? null) : null),
    enabled: userId !== null,
  });
}

/** The member's unread topics, with their users, from every fetched page. */
export function useUnreadPostList() {
  const query = useUnreadPosts();
  const { posts, users } = useMemo(() => postsOfPages(query.data?.pages), [query.data]);
  return { query, posts, users };
}

/** POST /api/reading/read-all: every topic the member opened counts as read up to its newest message. */
export function markAllTopicsRead(): Promise<{ markedTopics: number }> {
  return apiFetch(apiPaths.readAll, { method: 'POST', body: {} });
}
