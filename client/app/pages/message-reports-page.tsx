import { Breadcrumbs } from '../../components/breadcrumbs';
import { MessageReports } from '../../features/reports/message-reports';
import { heForms } from '../../i18n/he-forms';
import { useTitle } from '../../session/head';

/** Message reports (docs/product.md §2), for admins. */
export function MessageReportsPage() {
  useTitle(heForms.reports.title);
  return (
    <div className="message-reports-page">
      <Breadcrumbs trail={[{ label: heForms.reports.title }]} />
      <h1 className="page-title">{heForms.reports.title}</h1>
      <MessageReports />
    </div>
  );
}
