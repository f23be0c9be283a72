import { queryKeys } from '../../lib/query-keys';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import type { PublicUser } from '../../../shared/schemas/common';
import type { Post } from '../../../shared/schemas/topics';
import { apiFetch } from '../../lib/api-client';

interface RecommendationsResponse {
  posts: Post[];
  users?: PublicUser[];
}

/**
 * Topics like this one, fetched 5000 ms after entering the topic (docs/product.md §2, §9) so they never
 * compete with the messages for the network.
 */
export function useRecommendations(topicId: number) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    setDue(false);
    const timer = setTimeout(() => setDue(true), LIMITS.recommendationsDelayMs);
    return () => clearTimeout(timer);
  }, [topicId]);
  return useQuery({
    queryKey: queryKeys.recommendations(topicId),
    queryFn: async ({ signal }) => {
      const body = await apiFetch<RecommendationsResponse | Post[]>(`/api/recommendations/${topicId}`, {
        signal,
      });
      return Array.isArray(body)
        ? { posts: body, users: [] }
        : { posts: body.posts, users: body.users ?? [] };
    },
    enabled: due && topicId > 0,
    retry: false,
  });
}
