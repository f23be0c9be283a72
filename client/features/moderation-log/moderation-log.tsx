import { AppLink } from '../../components/app-link';
import type { PublicUser } from '../../../shared/schemas/common';
import { FailurePanel } from '../../components/failure-panel';
import { MessageContent } from '../../components/message-content';
import { PageLoader } from '../../components/page-loader';
import { RevealMoreList } from '../../components/reveal-more-list';
import { he } from '../../i18n/he';
import { heAdmin } from '../../i18n/he-admin';
import { mergeById } from '../../lib/merge-pages';
import { type ModerationEntry, useModerationLog } from './api/get-moderation-log';
import { textDirection } from '../../lib/text-direction';
import { formatDate, formatDateTime } from '../../lib/dates';
import './moderation-log.css';

/** Actions whose texts are message HTML (sanitised on show); the others keep plain text. */
const MESSAGE_HTML = new Set<ModerationEntry['action']>([
  'message_edited',
  'message_deleted',
  'topic_deleted',
  'report_closed',
]);

/**
 * The admins' moderation log: who did what and when, newest first, 7 at first and 7 more; the text
 * before a change opens on demand.
 */
export function ModerationLog() {
  const log = useModerationLog();
  const pages = log.data?.pages ?? [];
  const entries = [...mergeById(pages.map((page) => page.entries)).values()];
  const users = mergeById(pages.map((page) => page.users));
  if (log.isPending) return <PageLoader label={he.loading} />;
  if (log.isError && !log.data) return <FailurePanel onRetry={() => log.refetch()} />;
  if (entries.length === 0) return <p className="empty-state">{heAdmin.moderationLog.empty}</p>;

  return (
    <RevealMoreList
      items={entries}
      source={log}
      label={heAdmin.moderationLog.title}
      moreLabel={heAdmin.moderationLog.more}
      className="moderation-log"
      listClassName="moderation-log-list"
    >
      {(entry) => <EntryCard entry={entry} users={users} />}
    </RevealMoreList>
  );
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const count = (value: string | number | null | undefined) => (typeof value === 'number' ? value : 0);

/** The sentence after the admin's name, from the entry and the names known now or kept at the time. */
function describe(entry: ModerationEntry, users: Map<number, PublicUser>): string {
  const { actions, someUser, unknownForum } = heAdmin.moderationLog;
  const details = entry.details;
  const user = (entry.userId !== null && users.get(entry.userId)?.username) || someUser;
  const subject = entry.topic?.subject ?? text(details.subject);
  switch (entry.action) {
    case 'topic_moved':
      return actions.topic_moved(
        text(details.subject) || subject,
        text(details.fromForumName) || unknownForum,
        text(details.toForumName) || unknownForum,
      );
    case 'topic_renamed':
      return actions.topic_renamed(text(entry.beforeText), text(entry.afterText));
    case 'topic_image_refreshed':
      return actions.topic_image_refreshed(subject);
    case 'topic_deleted':
      return actions.topic_deleted(text(details.subject), user);
    case 'message_edited':
      return actions.message_edited(user, subject);
    case 'message_deleted':
      return actions.message_deleted(user, subject);
    case 'report_closed':
      return details.messageDeleted === 1 ? actions.report_closed_deleted : actions.report_closed(user);
    case 'forum_merged':
      return actions.forum_merged(
        text(details.fromForumName) || unknownForum,
        text(details.toForumName) || unknownForum,
        count(details.movedTopics),
      );
    case 'forum_deleted':
      return actions.forum_deleted(text(details.forumName) || unknownForum);
    case 'member_suspended':
      return actions.member_suspended(
        user,
        typeof details.until === 'number'
          ? heAdmin.moderationLog.until(formatDate(details.until))
          : heAdmin.moderationLog.forever,
      );
    case 'member_unsuspended':
      return actions.member_unsuspended(user);
    case 'member_messages_deleted':
      return actions.member_messages_deleted(
        user,
        count(details.deletedTopics),
        count(details.deletedMessages),
      );
    case 'admin_granted':
      return actions.admin_granted(user);
    case 'admin_revoked':
      return actions.admin_revoked(user);
  }
}

/** A text kept with the entry, closed until asked for; message HTML goes through the sanitiser. */
function KeptText({ label, value, html }: { label: string; value: string; html: boolean }) {
  return (
    <details className="moderation-text">
      <summary>{label}</summary>
      {html ? (
        <MessageContent html={value} />
      ) : (
        <p className="moderation-plain" dir={textDirection(value)}>
          {value}
        </p>
      )}
    </details>
  );
}

function EntryCard({ entry, users }: { entry: ModerationEntry; users: Map<number, PublicUser> }) {
  const admin =
    (entry.adminId !== null && users.get(entry.adminId)?.username) || heAdmin.moderationLog.someone;
  const html = MESSAGE_HTML.has(entry.action);
  const deleted = entry.action === 'message_deleted' || entry.action === 'topic_deleted';
  return (
    <article className="moderation-entry" data-action={entry.action}>
      <p className="moderation-sentence">
        <strong dir="auto">{admin}</strong> {describe(entry, users)}
      </p>
      <p className="moderation-meta">
        <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
        {entry.topic ? (
          <>
            <span aria-hidden="true"> · </span>
            <AppLink to={entry.topic.link}>{heAdmin.moderationLog.toTopic}</AppLink>
          </>
        ) : null}
      </p>
      {entry.action === 'report_closed' && typeof entry.details.reason === 'string' ? (
        <p className="moderation-plain" dir={textDirection(entry.details.reason)}>
          {heAdmin.moderationLog.reason(entry.details.reason)}
        </p>
      ) : null}
      {entry.beforeText !== null && entry.action !== 'topic_renamed' ? (
        <KeptText
          label={deleted ? heAdmin.moderationLog.beforeDeleted : heAdmin.moderationLog.before}
          value={entry.beforeText}
          html={html}
        />
      ) : null}
      {entry.afterText !== null && entry.action === 'message_edited' ? (
        <KeptText label={heAdmin.moderationLog.after} value={entry.afterText} html={html} />
      ) : null}
    </article>
  );
}
