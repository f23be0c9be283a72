import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

export function topicsOf(db: Db, userId: number) {
  return db
    .selectFrom('topics')
    .select(['id', 'forum_id', 'subject', 'image', 'replies', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function messagesOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'topic_id', 'content', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('topic_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => (row.topic_id === null ? [] : [{ ...row, topic_id: row.topic_id }]));
}

export function likesOf(db: Db, userId: number) {
  return db
    .selectFrom('likes')
    .select(['message_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('message_id')
    .execute();
}

/**
 * Turns an account into "a deleted user": the row stays (messages and likes refer to it) without
 * its email, password, birthdate or role; the name key stays taken until released (see below).
 * Sessions, pending mails and the email kept on its reports go; analytics forget the user.
 */
export async function anonymiseUser(
  db: Transaction<Database>,
  userId: number,
  now: number,
  shownName: string,
) {
  await db
    .updateTable('users')
    .set({
      username: shownName,
      email: '',
      email_key: `deleted:${userId}`,
      password_hash: '!',
      birthdate: null,
      is_admin: 0,
      is_active: 0,
      suspended_until: null,
      suspension_reason: null,
      deleted_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('pending_mails').where('user_id', '=', userId).execute();
  await db.updateTable('message_reports').set({ email: '' }).where('reporter_user_id', '=', userId).execute();
  await db.updateTable('analytics_events').set({ user_id: null }).where('user_id', '=', userId).execute();
}

/**
 * Frees a deleted account's name for a new registration once the hold is over: its key becomes
 * `deleted:{id}`, which no username can equal (a colon is not allowed in one).
 */
export async function releaseHeldUsername(db: Db, usernameKey: string, deletedBefore: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ username_key: sql<string>`${'deleted:'} || cast(id as text)` })
    .where('username_key', '=', usernameKey)
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<=', deletedBefore)
    .execute();
}
