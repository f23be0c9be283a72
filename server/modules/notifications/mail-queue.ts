import type { Deps } from '../../deps';
import { randomBytes } from 'node:crypto';
import { messagePath } from '../../../shared/notification-texts';
import { CATEGORY_OF, type NotificationKind } from '../../../shared/schemas/notifications';
import { databaseKind } from '../../db/connect';
import type { NotificationMailRow, NotificationRow } from '../../db/database';
import type { OutgoingMail } from '../mail/mail.service';
import { type PeriodicTask, startPeriodicTask } from '../../periodic-task';
import { messagePlainText, previewText } from '../markup/markup';
import { CATEGORY_NAMES, type MailItem, renderNotificationMail } from './notifications.mails';
import { findPreferences } from './notifications.repository';
import { presentNotification } from './notifications.service';
import { signUnsubscribe, type UnsubscribeScope } from './unsubscribe';

export interface MailQueueDeps extends Deps {
  /** Names the claims of this process, for the logs. */
  instanceId: string;
}

/** How often each instance looks for due mail. */
export const MAIL_QUEUE_POLL_MS = 15_000;
/**
 * A claimed mail whose instance has not reported back within this time is taken to have died
 * mid-send. Far longer than one batch can take with the SMTP time-outs (about 40 s a mail).
 */
export const CLAIM_LEASE_MS = 15 * 60 * 1000;
/** A mail not sent within this time is dropped with a log line. */
export const MAIL_GIVE_UP_MS = 2 * 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const BATCH = 10;
const DIGEST_MAX_ITEMS = 30;

export const newInstanceId = () => randomBytes(6).toString('hex');

/**
 * Takes up to `limit` due mails for this instance: `pending` becomes `sending` with the claim's
 * time, committed before anything is sent. On PostgreSQL `FOR UPDATE SKIP LOCKED` lets instances
 * claim side by side without waiting on or taking each other's rows; SQLite has one writer and one
 * instance, and its write transaction already serialises the claim.
 */
export async function claimDueMails(deps: MailQueueDeps, limit = BATCH): Promise<NotificationMailRow[]> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom('notification_mails')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
    if (databaseKind(deps.db) === 'postgres') due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable('notification_mails')
      .set((eb) => ({
        status: 'sending',
        claimed_at: now,
        claimed_by: deps.instanceId,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
  });
}

/**
 * Claims older than the lease belong to an instance that died between claiming and reporting: the
 * mail may have reached the SMTP server or not, and nothing can tell. It is never tried again
 * (never twice beats at least once for a notification), and the loss is logged.
 */
export async function abandonStaleClaims(deps: MailQueueDeps): Promise<number> {
  const stale = await deps.db
    .updateTable('notification_mails')
    .set({ status: 'abandoned', last_error: 'claim expired: the sending instance stopped mid-send' })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', deps.clock.now() - CLAIM_LEASE_MS)
    .returning(['id', 'user_id', 'claimed_by'])
    .execute();
  for (const row of stale) {
    deps.log.warn(
      { mailId: row.id, userId: row.user_id, instance: row.claimed_by },
      'notification mail abandoned: its instance stopped while sending; not retried so it is never sent twice',
    );
  }
  return stale.length;
}

/** What a claimed mail says, with the notifications it covers; null when nothing is left to say. */
export async function composeMail(
  deps: MailQueueDeps,
  mail: NotificationMailRow,
): Promise<{ outgoing: OutgoingMail; notificationIds: number[] } | null> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'is_active'])
    .where('id', '=', mail.user_id)
    .executeTakeFirst();
  if (user?.is_active !== 1) return null;
  let rows: NotificationRow[];
  if (mail.kind === 'immediate') {
    rows = await deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', mail.notification_id ?? -1)
      .where('read_at', 'is', null)
      .execute();
  } else {
    rows = await deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('in_digest', '=', 1)
      .where('read_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(DIGEST_MAX_ITEMS)
      .execute();
  }
  // A category switched to "never" since (the unsubscribe link, edit profile) stops what is queued.
  const preferences = await findPreferences(deps.db, user.id);
  rows = rows.filter((row) => preferences[CATEGORY_OF[row.kind as NotificationKind]] !== 'never');
  if (rows.length === 0) return null;
  const items = await describe(deps, rows);
  const base = deps.config.publicUrl;
  const first = rows[0];
  const scope: UnsubscribeScope =
    mail.kind === 'immediate' && first ? CATEGORY_OF[first.kind as NotificationKind] : 'all';
  const unsubscribeLink = `${base}/mail/unsubscribe/${signUnsubscribe(deps.config.secretKey, user.id, scope)}`;
  const { siteName } = await deps.site.get();
  const content = renderNotificationMail({
    siteName,
    subject: mail.kind === 'immediate' ? (items[0]?.text ?? '') : `סיכום יומי: ${items.length} התראות חדשות`,
    greeting: `שלום ${user.username},`,
    items,
    unsubscribeLink,
    unsubscribeLabel: CATEGORY_NAMES[scope],
    preferencesLink: `${base}/edit-profile`,
  });
  return {
    notificationIds: rows.map((row) => row.id),
    outgoing: {
      to: user.email,
      fromName: siteName,
      link: items[0]?.link ?? `${base}/`,
      ...content,
      messageId: mail.message_id_header,
      headers: {
        'List-Unsubscribe': `<${unsubscribeLink}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
  };
}

async function describe(deps: MailQueueDeps, rows: readonly NotificationRow[]): Promise<MailItem[]> {
  const messageIds = rows.flatMap((row) => (row.message_id === null ? [] : [row.message_id]));
  const actorIds = rows.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id]));
  const forumIds = rows.flatMap((row) => (row.forum_id === null ? [] : [row.forum_id]));
  const messages = messageIds.length
    ? await deps.db.selectFrom('messages').select(['id', 'content']).where('id', 'in', messageIds).execute()
    : [];
  const actors = actorIds.length
    ? await deps.db.selectFrom('users').select(['id', 'username']).where('id', 'in', actorIds).execute()
    : [];
  const forums = forumIds.length
    ? await deps.db.selectFrom('forums').select(['id', 'name']).where('id', 'in', forumIds).execute()
    : [];
  const contents = new Map(messages.map((message) => [message.id, message.content]));
  const names = new Map(actors.map((actor) => [actor.id, actor.username]));
  const forumNames = new Map(forums.map((forum) => [forum.id, forum.name]));
  return rows.map((row) => {
    const presented = presentNotification(row, names, forumNames);
    const content = row.message_id === null ? undefined : contents.get(row.message_id);
    return {
      text: presented.text,
      excerpt: content ? previewText(messagePlainText(content), 300) : '',
      link:
        row.topic_id !== null && row.message_id !== null
          ? `${deps.config.publicUrl}${messagePath(row.topic_id, row.message_id)}`
          : null,
    };
  });
}

/**
 * Whether a send error proves the mail was not delivered, so trying again cannot make a second
 * copy: the SMTP server answered with a refusal, or the connection failed before the message was
 * handed over. A connection lost after the message's data was sent is not proof: the server may
 * have accepted it.
 */
export function failedBeforeDelivery(error: unknown): boolean {
  const failure = error as { responseCode?: number; command?: string; code?: string };
  if (typeof failure.responseCode === 'number') return true;
  if (failure.command && failure.command !== 'DATA') return true;
  return ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNECTION', 'EDNS'].includes(failure.code ?? '');
}

async function finish(
  deps: MailQueueDeps,
  mail: NotificationMailRow,
  change: { status: string; error?: string; nextAttemptAt?: number; notificationIds?: number[] },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('notification_mails')
      .set({
        status: change.status,
        last_error: change.error ?? null,
        ...(change.status === 'sent' ? { sent_at: now } : {}),
        ...(change.nextAttemptAt === undefined
          ? {}
          : { next_attempt_at: change.nextAttemptAt, claimed_at: null }),
      })
      .where('id', '=', mail.id)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', mail.claimed_by)
      .execute();
    if (mail.kind === 'digest' && change.notificationIds?.length) {
      await trx
        .updateTable('notifications')
        .set({ in_digest: 0 })
        .where('id', 'in', change.notificationIds)
        .execute();
    }
  });
}

/** Sends one claimed mail and records the outcome. */
export async function deliverClaimed(
  deps: MailQueueDeps,
  mail: NotificationMailRow,
): Promise<'sent' | 'skipped' | 'retry' | 'dropped' | 'abandoned'> {
  const composed = await composeMail(deps, mail);
  if (!composed) {
    await finish(deps, mail, { status: 'skipped', notificationIds: [] });
    return 'skipped';
  }
  try {
    await deps.mailer.send(composed.outgoing);
  } catch (error) {
    const message = String((error as Error)?.message ?? error).slice(0, 500);
    if (!failedBeforeDelivery(error)) {
      deps.log.error(
        { mailId: mail.id, userId: mail.user_id, error: message },
        'notification mail abandoned: the connection failed after the message was handed over; not retried so it is never sent twice',
      );
      await finish(deps, mail, { status: 'abandoned', error: message });
      return 'abandoned';
    }
    const now = deps.clock.now();
    if (now - mail.created_at >= MAIL_GIVE_UP_MS) {
      deps.log.error(
        { mailId: mail.id, userId: mail.user_id, attempts: mail.attempts, error: message },
        'notification mail dropped: not sent within two days',
      );
      await finish(deps, mail, { status: 'dropped', error: message });
      return 'dropped';
    }
    const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, mail.attempts - 1), MAX_RETRY_MS);
    await finish(deps, mail, { status: 'pending', error: message, nextAttemptAt: now + delay });
    return 'retry';
  }
  await finish(deps, mail, { status: 'sent', notificationIds: composed.notificationIds });
  return 'sent';
}

/** Drops queued mail older than two days that never got sent, with a log line each. */
async function dropExpired(deps: MailQueueDeps): Promise<void> {
  const dropped = await deps.db
    .updateTable('notification_mails')
    .set({ status: 'dropped' })
    .where('status', '=', 'pending')
    .where('created_at', '<', deps.clock.now() - MAIL_GIVE_UP_MS)
    .returning(['id', 'user_id', 'attempts', 'last_error'])
    .execute();
  for (const row of dropped) {
    deps.log.error(
      { mailId: row.id, userId: row.user_id, attempts: row.attempts, error: row.last_error },
      'notification mail dropped: not sent within two days',
    );
  }
  // Finished rows are kept a week for the record, then go.
  await deps.db
    .deleteFrom('notification_mails')
    .where('status', 'in', ['sent', 'skipped', 'abandoned', 'dropped'])
    .where('created_at', '<', deps.clock.now() - 7 * 24 * 60 * 60 * 1000)
    .execute();
}

/** One pass of the queue: give up stale claims and old mail, then claim and send until none are due. */
export async function runMailQueueOnce(deps: MailQueueDeps): Promise<Record<string, number>> {
  const counts: Record<string, number> = { abandoned: await abandonStaleClaims(deps) };
  await dropExpired(deps);
  for (;;) {
    const claimed = await claimDueMails(deps);
    if (claimed.length === 0) break;
    for (const mail of claimed) {
      const outcome = await deliverClaimed(deps, mail);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
  }
  return counts;
}

/** Runs the queue now and MAIL_QUEUE_POLL_MS after each pass, until stopped. */
export function startMailQueue(deps: MailQueueDeps): PeriodicTask {
  return startPeriodicTask(
    () => runMailQueueOnce(deps),
    MAIL_QUEUE_POLL_MS,
    (error) => deps.log.error({ err: error }, 'notification mail queue pass failed'),
  );
}
