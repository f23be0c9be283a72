import { useInfiniteQuery } from '@tanstack/react-query';
import { ALL_POSTS_FORUM_ID } from '../../../shared/limits';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { apiFetch } from '../../lib/api-client';

/** The first page of a list: `/api/home` for all posts (forum 0, §3), else `/api/forum/{id}`. */
export const postsPath = (forumId: number) =>
  forumId === ALL_POSTS_FORUM_ID ? '/api/home' : `/api/forum/${forumId}`;

/**
 * Posts of a forum (or all posts), newest activity first, fetched in server pages: each next page
 * starts after the oldest post's timestamp (`/more/{timestamp}`, keyset paging).
 */
export function usePosts(forumId: number) {
  const path = postsPath(forumId);
  return useInfiniteQuery({
    queryKey: [path],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<PostsResponse>(pageParam === null ? path : `${path}/more/${pageParam}`, { signal }),
    getNextPageParam: (last) => (last.hasMorePosts ? (last.posts.at(-1)?.timestamp ?? null) : null),
    enabled: Number.isInteger(forumId) && forumId >= 0,
  });
}
