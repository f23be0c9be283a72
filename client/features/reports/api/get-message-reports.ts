import { useInfiniteQuery } from '@tanstack/react-query';
import type { Message } from '../../../../shared/schemas/messages';
import { apiFetch } from '../../../lib/api-client';

/** A message report (spec §3). */
export interface MessageReport {
  id: number;
  messageId: number;
  content: string;
  email: string;
  timestamp: number;
  isOpen: boolean;
}

/** GET /api/messageReport and its `/more/{lastReportId}` pages (spec §3: messages plus reports). */
export interface MessageReportsResponse {
  messages: Message[];
  reports: MessageReport[];
  hasMoreMessageReports: boolean;
}

export const MESSAGE_REPORTS_PATH = '/api/messageReport';

export const getMessageReports = (lastReportId: number | null, signal?: AbortSignal) =>
  apiFetch<MessageReportsResponse>(
    lastReportId === null ? MESSAGE_REPORTS_PATH : `${MESSAGE_REPORTS_PATH}/more/${lastReportId}`,
    { signal },
  );

/** Open reports, newest first, by pages that continue below the last report id. */
export function useMessageReports() {
  return useInfiniteQuery({
    queryKey: [MESSAGE_REPORTS_PATH],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => getMessageReports(pageParam, signal),
    getNextPageParam: (last) => (last.hasMoreMessageReports ? (last.reports.at(-1)?.id ?? null) : null),
    staleTime: 0,
    retry: false,
  });
}
