import { AppLink } from '../../components/app-link';
import type { Message } from '../../../shared/schemas/messages';
import { FailurePanel } from '../../components/failure-panel';
import { PageLoader } from '../../components/page-loader';
import { RevealMoreList } from '../../components/reveal-more-list';
import { he } from '../../i18n/he';
import { heForms } from '../../i18n/he-forms';
import { trackEvent } from '../../lib/analytics';
import { mergeById } from '../../lib/merge-pages';
import { Section } from '../../lib/load-status-store';
import { SectionStatus } from '../../components/form/section-status';
import { MessageContent } from '../../components/message-content';
import { useCloseMessageReport } from './api/close-message-report';
import { type MessageReport, useMessageReports } from './api/get-message-reports';
import { useReportsLive } from './api/use-reports-live';
import { textDirection } from '../../lib/text-direction';
import { formatDateTime } from '../../lib/dates';
import './reports.css';

/**
 * The admins' report list (docs/product.md §2): each report with its message, 7 at first and 7 more with
 * 'show previous reports...', a loader at the top and at the bottom.
 */
export function MessageReports() {
  const reports = useMessageReports();
  const inserted = useReportsLive(reports.isSuccess);
  const pages = reports.data?.pages ?? [];
  const all = [...mergeById(pages.map((page) => page.reports)).values()];
  const messages = mergeById(pages.map((page) => page.messages));
  if (reports.isPending) return <PageLoader label={he.loading} />;
  if (reports.isError && !reports.data) return <FailurePanel onRetry={() => reports.refetch()} />;
  if (all.length === 0) return <p className="empty-state">{heForms.reports.empty}</p>;

  return (
    <RevealMoreList
      items={all}
      source={reports}
      label={heForms.reports.title}
      moreLabel={heForms.reports.more}
      className="message-reports"
      listClassName="report-list"
      inserted={inserted}
    >
      {(report) => (
        <ReportCard
          report={report}
          message={report.messageDeleted ? undefined : messages.get(report.messageId)}
        />
      )}
    </RevealMoreList>
  );
}

function ReportCard({ report, message }: { report: MessageReport; message: Message | undefined }) {
  const { status, close } = useCloseMessageReport(report.id);
  return (
    <article className="report-card" aria-label={`${heForms.reports.reason}: ${report.content}`}>
      <header className="report-card-head">
        <p className="report-reason" dir={textDirection(report.content)}>
          {report.content}
        </p>
        <p className="report-meta">
          <span dir="ltr">{report.email}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={new Date(report.timestamp).toISOString()}>{formatDateTime(report.timestamp)}</time>
        </p>
      </header>
      <div className="report-message">
        <p className="report-message-label">{heForms.reports.message}</p>
        {message ? (
          <>
            <MessageContent html={message.content} />
            <AppLink to={`/topic/${message.topicId}`}>{heForms.reports.toTopic}</AppLink>
          </>
        ) : (
          <p className="report-message-deleted">{heForms.reports.deletedMessage}</p>
        )}
      </div>
      <SectionStatus section={Section.MessageReportsClose} id={report.id} status={status} success={null}>
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              trackEvent('close_report');
              close(null).catch(() => undefined);
            }}
          >
            {heForms.reports.close}
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
              {heForms.reports.closeAndDelete}
            </button>
          ) : null}
        </div>
      </SectionStatus>
    </article>
  );
}
