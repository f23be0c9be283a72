import { Breadcrumbs } from '../../components/breadcrumbs';
import { MessageReports } from '../../features/reports/message-reports';
import { he } from '../../i18n/he';
import { useTitle } from '../../session/head';

/** Message reports (docs/product.md §2), for admins. */
export function MessageReportsPage() {
  useTitle(he.reports.title);
  return (
    <div className="message-reports-page">
      <Breadcrumbs trail={[{ label: he.reports.title }]} />
      <h1 className="page-title">{he.reports.title}</h1>
      <MessageReports />
    </div>
  );
}
