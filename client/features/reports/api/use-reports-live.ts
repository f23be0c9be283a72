import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { type LiveEvent, useLiveEvents } from '../../../lib/live-events';
import { mergeById } from '../../../lib/merge-pages';
import { apiPaths, queryKeys } from '../../../lib/query-keys';
import type { MessageReportsResponse } from './get-message-reports';

type ReportsData = InfiniteData<MessageReportsResponse, number | null>;

/**
 * Puts the reports of a fresh top page that the queue does not hold yet at its top (newest first);
 * later pages and the `/more/{lastReportId}` cursor stay as they are.
 */
export function insertNewReports(
  data: ReportsData,
  latest: MessageReportsResponse,
): { data: ReportsData; inserted: number } {
  const [first, ...rest] = data.pages;
  if (!first) return { data, inserted: 0 };
  const known = new Set(data.pages.flatMap((page) => page.reports.map((report) => report.id)));
  const fresh = latest.reports.filter((report) => !known.has(report.id));
  if (fresh.length === 0) return { data, inserted: 0 };
  const newFirst: MessageReportsResponse = {
    ...first,
    reports: [...fresh, ...first.reports],
    messages: [...mergeById([latest.messages, first.messages]).values()],
    users: [...mergeById([latest.users, first.users]).values()],
  };
  return { data: { ...data, pages: [newFirst, ...rest] }, inserted: fresh.length };
}

/**
 * The admins' queue over the tab's event stream (with a ticket): a new report is fetched with the
 * top page and shown at the top, one another admin closed leaves the list, a resync refetches.
 * Returns how many reports were inserted, which the list shows beyond its revealed count.
 */
export function useReportsLive(enabled: boolean): number {
  const queryClient = useQueryClient();
  const [inserted, setInserted] = useState(0);
  const handleEvent = async (event: LiveEvent) => {
    const key = queryKeys.messageReports;
    if (event.type === 'resync') {
      await queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    if (event.type === 'report.closed') {
      queryClient.setQueryData<ReportsData>(key, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                reports: page.reports.filter((report) => report.id !== event.reportId),
              })),
            }
          : data,
      );
      return;
    }
    if (event.type !== 'report.created') return;
    const latest = await apiFetch<MessageReportsResponse>(apiPaths.messageReports);
    const data = queryClient.getQueryData<ReportsData>(key);
    if (!data) return;
    const result = insertNewReports(data, latest);
    queryClient.setQueryData<ReportsData>(key, result.data);
    setInserted((count) => count + result.inserted);
  };
  useLiveEvents(enabled ? { reports: true } : null, (event) => {
    handleEvent(event).catch(() => undefined);
  });
  return inserted;
}
