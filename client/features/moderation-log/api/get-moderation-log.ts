import { useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationEntry, ModerationLogResponse } from '../../../../shared/schemas/moderation-log';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths, queryKeys } from '../../../lib/query-keys';

export type { ModerationEntry, ModerationLogResponse };

const getModerationLog = (lastId: number | null, signal?: AbortSignal) =>
  apiFetch<ModerationLogResponse>(
    lastId === null ? apiPaths.moderationLog : `${apiPaths.moderationLog}/more/${lastId}`,
    { signal },
  );

/** The moderation log, newest first, by pages that continue below the last entry id. */
export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: queryKeys.moderationLog,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => getModerationLog(pageParam, signal),
    getNextPageParam: (last) => (last.hasMoreEntries ? (last.entries.at(-1)?.id ?? null) : null),
    staleTime: 0,
    retry: false,
  });
}
