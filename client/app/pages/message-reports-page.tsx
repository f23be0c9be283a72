import { Breadcrumbs } from '../../components/breadcrumbs';
import { MessageReports } from '../../features/reports/message-reports';
import { HE } from '../../i18n/he-accounts';
import { useTitle } from '../../lib/head';

/** Message reports (spec §2), for admins. */
export function MessageReportsPage() {
  useTitle(HE.reports.title);
  return (
    <div className="message-reports-page">
      <Breadcrumbs trail={[{ label: HE.reports.title }]} />
      <h1 className="page-title">{HE.reports.title}</h1>
      <MessageReports />
    </div>
  );
}
