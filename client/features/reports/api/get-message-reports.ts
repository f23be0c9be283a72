import { useInfiniteQuery } from '@tanstack/react-query';
import type { MessageReport, MessageReportsResponse } from '../../../../shared/schemas/reports';
import { apiFetch } from '../../../lib/api-client';
import { apiPaths, queryKeys } from '../../../lib/query-keys';

export type { MessageReport, MessageReportsResponse };

const getMessageReports = (lastReportId: number | null, signal?: AbortSignal) =>
  apiFetch<MessageReportsResponse>(
    lastReportId === null ? apiPaths.messageReports : `${apiPaths.messageReports}/more/${lastReportId}`,
    { signal },
  );

/** Open reports, newest first, by pages that continue below the last report id. */
export function useMessageReports() {
  return useInfiniteQuery({
    queryKey: queryKeys.messageReports,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => getMessageReports(pageParam, signal),
    getNextPageParam: (last) => (last.hasMoreMessageReports ? (last.reports.at(-1)?.id ?? null) : null),
    staleTime: 0,
    retry: false,
  });
}
