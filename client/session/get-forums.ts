import { apiPaths, queryKeys } from '../lib/query-keys';
import { useQuery } from '@tanstack/react-query';
import type { Forum } from '../../shared/schemas/forums';
import { apiFetch } from '../lib/api-client';

const getForums = () => apiFetch<Forum[]>(apiPaths.forums);

/** All forums, by id. They rarely change, and a failure is silently ignored (docs/product.md §4). */
export function useForums() {
  return useQuery({ queryKey: queryKeys.forums, queryFn: getForums, staleTime: 10 * 60_000 });
}
