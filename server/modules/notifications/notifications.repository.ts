import type { Kysely, Transaction } from 'kysely';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../../shared/schemas/notifications';
import type { Database, NotificationRow } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewNotification {
  userId: number;
  kind: string;
  actorId: number | null;
  topicId: number | null;
  messageId: number | null;
  forumId: number | null;
  subject: string;
  groupKey?: string | null;
  actorCount?: number;
  createdAt: number;
}

/**
 * Inserts a notification. A grouped one (likes) whose group another transaction has just created
 * meets the unique (user_id, group_key) index and is not inserted: undefined, and the caller updates.
 */
export function insertNotification(db: Db, row: NewNotification): Promise<NotificationRow | undefined> {
  return db
    .insertInto('notifications')
    .values({
      user_id: row.userId,
      kind: row.kind,
      actor_id: row.actorId,
      actor_count: row.actorCount ?? 1,
      topic_id: row.topicId,
      message_id: row.messageId,
      forum_id: row.forumId,
      subject: row.subject,
      group_key: row.groupKey ?? null,
      created_at: row.createdAt,
      read_at: null,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'group_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Of `userIds`, those of active accounts. */
export async function activeUserIds(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...new Set(userIds)])
    .where('is_active', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The users who already have a notification about a message. */
export async function usersNotifiedAbout(db: Db, messageId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('notifications')
    .select('user_id')
    .where('message_id', '=', messageId)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

export function findGroup(db: Db, userId: number, groupKey: string) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('group_key', '=', groupKey)
    .executeTakeFirst();
}

export async function updateGroup(
  db: Db,
  id: number,
  change: { actorId: number; actorCount: number; unread: boolean },
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({
      actor_id: change.actorId,
      actor_count: change.actorCount,
      ...(change.unread ? { read_at: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteNotification(db: Db, id: number): Promise<void> {
  await db.deleteFrom('notifications').where('id', '=', id).execute();
}

/** Other users' likes of a message in [from, to), latest first. */
export function likesBetween(db: Db, messageId: number, ownerId: number, from: number, to: number) {
  return db
    .selectFrom('likes')
    .select(['user_id', 'created_at'])
    .where('message_id', '=', messageId)
    .where('user_id', '!=', ownerId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at', 'desc')
    .orderBy('user_id', 'desc')
    .execute();
}

export async function deleteNotificationsOfMessage(db: Db, messageId: number): Promise<void> {
  await db.deleteFrom('notifications').where('message_id', '=', messageId).execute();
}

export async function deleteNotificationsOfTopic(db: Db, topicId: number): Promise<void> {
  await db.deleteFrom('notifications').where('topic_id', '=', topicId).execute();
}

/** A page of a user's notifications, newest first, below `before` when given. */
export function listNotifications(db: Db, userId: number, options: { before?: number; limit: number }) {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function markAllRead(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** Marks read what a user sees on a topic page: notifications of the shown messages and of the topic. */
export async function markReadInTopic(
  db: Db,
  userId: number,
  topicId: number,
  messageIds: readonly number[],
  now: number,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('topic_id', '=', topicId)
    .where((eb) =>
      eb.or([
        eb('kind', 'in', ['topic_moved', 'topic_renamed']),
        ...(messageIds.length > 0 ? [eb('message_id', 'in', [...messageIds])] : []),
      ]),
    )
    .execute();
}

export async function findPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['replies', 'mentions', 'likes', 'moderation'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? (row as NotificationPreferences) : { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

export async function savePreferences(
  db: Db,
  userId: number,
  preferences: NotificationPreferences,
  now: number,
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...preferences, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...preferences, updated_at: now }))
    .execute();
}

export async function markForDigest(db: Db, notificationId: number): Promise<void> {
  await db.updateTable('notifications').set({ in_digest: 1 }).where('id', '=', notificationId).execute();
}

export async function enqueueMail(
  db: Db,
  mail: {
    userId: number;
    kind: 'immediate' | 'digest';
    notificationId: number | null;
    dedupeKey: string | null;
    messageIdHeader: string;
    dueAt: number;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('notification_mails')
    .values({
      user_id: mail.userId,
      kind: mail.kind,
      notification_id: mail.notificationId,
      dedupe_key: mail.dedupeKey,
      message_id_header: mail.messageIdHeader,
      status: 'pending',
      next_attempt_at: mail.dueAt,
      created_at: mail.now,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}
