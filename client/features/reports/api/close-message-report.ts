import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { apiPaths, invalidateTopic, queryKeys } from '../../../lib/query-keys';
import type { MessageReportsResponse } from './get-message-reports';

/** DELETE /api/messageReport/{id} (docs/product.md §7): closes a report. */
const deleteMessageReport = (reportId: number) =>
  apiFetch<unknown>(`${apiPaths.messageReports}/${reportId}`, { method: 'DELETE' });

/** DELETE /api/message/{id}, or DELETE /api/topic/{id} for a main message, which goes with its topic. */
const deleteReportedMessage = (messageId: number, topicId: number) =>
  apiFetch<unknown>(messageId === topicId ? `/api/topic/${topicId}` : `/api/message/${messageId}`, {
    method: 'DELETE',
  });

/** Closes a report, optionally deleting its message first, tracked per report. */
export function useCloseMessageReport(reportId: number) {
  const queryClient = useQueryClient();
  const status = useLoadStatus(Section.MessageReportsClose, reportId);
  const close = async (withMessage: { messageId: number; topicId: number } | null) => {
    await trackLoad(
      Section.MessageReportsClose,
      async () => {
        if (withMessage) await deleteReportedMessage(withMessage.messageId, withMessage.topicId);
        await deleteMessageReport(reportId);
      },
      reportId,
    );
    queryClient.setQueryData<InfiniteData<MessageReportsResponse>>(queryKeys.messageReports, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              reports: page.reports.filter((report) => report.id !== reportId),
              messages: withMessage
                ? page.messages.filter((message) => message.id !== withMessage.messageId)
                : page.messages,
            })),
          }
        : data,
    );
    if (withMessage) {
      await invalidateTopic(queryClient, withMessage.topicId);
    }
  };
  return { status, close };
}
