import { Breadcrumbs } from '../../components/breadcrumbs';
import { ModerationLog } from '../../features/moderation-log/moderation-log';
import { he } from '../../i18n/he';
import { useTitle } from '../../session/head';

/** The moderation log, for admins: every admin action, newest first. */
export function ModerationLogPage() {
  useTitle(he.moderationLog.title);
  return (
    <div className="moderation-log-page">
      <Breadcrumbs trail={[{ label: he.moderationLog.title }]} />
      <h1 className="page-title">{he.moderationLog.title}</h1>
      <ModerationLog />
    </div>
  );
}
