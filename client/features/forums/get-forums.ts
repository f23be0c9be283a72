import { useQuery } from '@tanstack/react-query';
import type { Forum } from '../../../shared/schemas/forums';
import { apiFetch } from '../../lib/api-client';

export const forumsQueryKey = ['/api/forums'] as const;

export const getForums = () => apiFetch<Forum[]>('/api/forums');

/** All forums, by id. They rarely change, and a failure is silently ignored (§4). */
export function useForums() {
  return useQuery({ queryKey: forumsQueryKey, queryFn: getForums, staleTime: 10 * 60_000 });
}

export function useForum(forumId: number | undefined): Forum | undefined {
  const { data } = useForums();
  return data?.find((forum) => forum.id === forumId);
}
