import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { apiFetch } from '../../lib/api-client';
import { apiPaths, queryKeys } from '../../lib/query-keys';

/**
 * Posts of a forum (or all posts), newest activity first, fetched in server pages: each next page
 * starts after the oldest post's timestamp (`/more/{timestamp}`, keyset paging).
 */
export function usePosts(forumId: number) {
  const path = apiPaths.posts(forumId);
  return useInfiniteQuery({
    queryKey: queryKeys.posts(forumId),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<PostsResponse>(pageParam === null ? path : `${path}/more/${pageParam}`, { signal }),
    getNextPageParam: (last) => (last.hasMorePosts ? (last.posts.at(-1)?.timestamp ?? null) : null),
    enabled: Number.isInteger(forumId) && forumId >= 0,
  });
}
