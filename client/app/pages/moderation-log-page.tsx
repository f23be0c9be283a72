import { Breadcrumbs } from '../../components/breadcrumbs';
import { ModerationLog } from '../../features/moderation-log/moderation-log';
import { heAdmin } from '../../i18n/he-admin';
import { useTitle } from '../../session/head';

/** The moderation log, for admins: every admin action, newest first. */
export function ModerationLogPage() {
  useTitle(heAdmin.moderationLog.title);
  return (
    <div className="moderation-log-page">
      <Breadcrumbs trail={[{ label: heAdmin.moderationLog.title }]} />
      <h1 className="page-title">{heAdmin.moderationLog.title}</h1>
      <ModerationLog />
    </div>
  );
}
