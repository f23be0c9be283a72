import { useState } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../shared/limits';
import { LoadStatus } from '../../../shared/load-status';
import type { Message } from '../../../shared/schemas/messages';
import { FailurePanel } from '../../components/failure-panel';
import { PageLoader } from '../../components/page-loader';
import { HE } from '../../i18n/he-accounts';
import { trackEvent } from '../../lib/analytics';
import { resetLoadStatus, Section } from '../../lib/load-status-store';
import { Spinner, StatusMessage } from '../forms/status-message';
import { MessageContent } from '../messages/message-content';
import { useCloseMessageReport } from './api/close-message-report';
import { type MessageReport, useMessageReports } from './api/get-message-reports';
import './reports.css';

const dateFormat = new Intl.DateTimeFormat('he-IL', { dateStyle: 'short', timeStyle: 'short' });

/**
 * The admins' report list (spec §2): each report with its message, 7 at first and 7 more with
 * 'show previous reports...', a loader at the top and at the bottom.
 */
export function MessageReports() {
  const reports = useMessageReports();
  const [shown, setShown] = useState<number>(LIMITS.pageSize);
  if (reports.isPending) return <PageLoader label={HE.common.loading} />;
  if (reports.isError && !reports.data) return <FailurePanel onRetry={() => reports.refetch()} />;

  const all = reports.data.pages.flatMap((page) => page.reports);
  const messages = new Map<number, Message>();
  for (const page of reports.data.pages)
    for (const message of page.messages) messages.set(message.id, message);
  if (all.length === 0) return <p className="empty-state">{HE.reports.empty}</p>;

  const visible = all.slice(0, shown);
  const bottomLoading = reports.isFetchingNextPage;
  const hasMore = shown < all.length || reports.hasNextPage;
  const handleMore = () => {
    const next = shown + LIMITS.pageSize;
    setShown(next);
    if (next > all.length && reports.hasNextPage && !bottomLoading)
      reports.fetchNextPage().catch(() => undefined);
  };

  return (
    <section className="message-reports" aria-label={HE.reports.title}>
      <ul className="report-list">
        {visible.map((report, index) => (
          <li key={report.id}>
            <ReportCard
              report={report}
              message={report.messageDeleted ? undefined : messages.get(report.messageId)}
            />
            {index === visible.length - 1 && hasMore && !bottomLoading ? (
              <button type="button" className="link-button load-more" onClick={handleMore}>
                {HE.reports.more}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {bottomLoading ? <PageLoader compact label={HE.common.loading} /> : null}
    </section>
  );
}

function ReportCard({ report, message }: { report: MessageReport; message: Message | undefined }) {
  const { status, close } = useCloseMessageReport(report.id);
  const loading = status === LoadStatus.Loading;
  const failed = !loading && status !== LoadStatus.NotStarted && status !== LoadStatus.Finished;
  return (
    <article className="report-card" aria-label={`${HE.reports.reason}: ${report.content}`}>
      <header className="report-card-head">
        <p className="report-reason" dir="auto">
          {report.content}
        </p>
        <p className="report-meta">
          <span dir="ltr">{report.email}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={new Date(report.timestamp).toISOString()}>
            {dateFormat.format(report.timestamp)}
          </time>
        </p>
      </header>
      <div className="report-message">
        <p className="report-message-label">{HE.reports.message}</p>
        {message ? (
          <>
            <MessageContent html={message.content} />
            <Link to={`/topic/${message.topicId}`}>{HE.reports.toTopic}</Link>
          </>
        ) : (
          <p className="report-message-deleted">{HE.reports.deletedMessage}</p>
        )}
      </div>
      {loading ? <Spinner label={HE.common.loading} /> : null}
      {failed ? (
        <StatusMessage tone="error" onReset={() => resetLoadStatus(Section.MessageReportsClose, report.id)}>
          {HE.reports.failed}
        </StatusMessage>
      ) : null}
      {loading || failed ? null : (
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              trackEvent('close_report');
              close(null).catch(() => undefined);
            }}
          >
            {HE.reports.close}
          </button>
          {message ? (
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                trackEvent('close_report', 'delete');
                close({ messageId: message.id, topicId: message.topicId }).catch(() => undefined);
              }}
            >
              {HE.reports.closeAndDelete}
            </button>
          ) : null}
        </div>
      )}
    </article>
  );
}
