import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostsResponse } from '../../../../shared/schemas/topics';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths, queryKeys } from '../../../lib/query-keys';

/** GET /api/search/{query} and its `/more/{timestamp}` pages (docs/product.md §7, login required). */
const getSearchPosts = (query: string, timestamp: number | null, signal?: AbortSignal) =>
  apiFetch<PostsResponse>(
    timestamp === null ? apiPaths.search(query) : `${apiPaths.search(query)}/more/${timestamp}`,
    {
      signal,
    },
  );

/**
 * Search results by pages. Each query is its own key and is dropped once left (gcTime 0), so a new
 * query starts from an empty state with the top section loading (docs/product.md §2).
 */
export function useSearchPosts(query: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.search(query),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => getSearchPosts(query, pageParam, signal),
    getNextPageParam: (last) => (last.hasMorePosts ? (last.posts.at(-1)?.timestamp ?? null) : null),
    enabled: query.trim() !== '',
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
