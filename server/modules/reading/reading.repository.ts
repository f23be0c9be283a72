import { type Kysely, sql, type Transaction } from 'kysely';
import { LIMITS } from '../../../shared/limits';
import type { Database } from '../../db/database';
import { idList, isAmongIds } from '../../db/id-lists';
import { TOPIC_COLUMNS, type TopicWithAuthor } from '../topics/topic-pages.repository';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Moves the member's place in the topic up to the newest of these messages that belong to it.
 * A place never moves back: reading an old message from a notification leaves it where it was.
 */
export async function recordReading(
  db: Db,
  userId: number,
  topicId: number,
  messageIds: readonly number[],
): Promise<void> {
  if (messageIds.length === 0) return;
  const row = await newestAmongQuery(db, topicId, messageIds).executeTakeFirst();
  const newest = row?.newest;
  if (newest === null || newest === undefined) return;
  try {
    await db
      .insertInto('topic_reads')
      .values({ user_id: userId, topic_id: topicId, last_read_message_id: Number(newest) })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'topic_id'])
          .doUpdateSet((eb) => ({ last_read_message_id: eb.ref('excluded.last_read_message_id') }))
          .whereRef('topic_reads.last_read_message_id', '<', 'excluded.last_read_message_id'),
      )
      .execute();
  } catch (error) {
    // The topic was deleted after its messages were read here: there is no place left to keep.
    if (!isForeignKeyViolation(error)) throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** The newest of these messages that belong to the topic. */
export function newestAmongQuery(db: Db, topicId: number, messageIds: readonly number[]) {
  return db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('newest'))
    .where('topic_id', '=', topicId)
    .where(isAmongIds(db, 'id', idList(db, messageIds)));
}

export interface UnreadRow {
  topic_id: number;
  unread_count: number | string;
  first_unread_id: number | null;
}

/**
 * For each of these topics the member has a place in: how many messages of others came after it
 * (counted up to LIMITS.unreadCountCap, so a long-unread topic costs no more than that) and the first
 * of them. Both walk the (topic_id, id) index from the place on.
 */
export function findUnread(db: Db, userId: number, topicIds: readonly number[]): Promise<UnreadRow[]> {
  return unreadQuery(db, userId, topicIds).execute();
}

/** A message `m` of the place `r`'s topic after the place, written by someone else than the member. */
const othersAfterPlace = (userId: number) =>
  sql`m.topic_id = r.topic_id AND m.id > r.last_read_message_id AND m.user_id <> ${userId}`;

export function unreadQuery(db: Db, userId: number, topicIds: readonly number[]) {
  const after = othersAfterPlace(userId);
  return db
    .selectFrom('topic_reads as r')
    .select([
      'r.topic_id',
      sql<
        number | string
      >`(SELECT count(*) FROM (SELECT 1 FROM messages m WHERE ${after} LIMIT ${LIMITS.unreadCountCap}) unread)`.as(
        'unread_count',
      ),
      sql<number | null>`(SELECT min(m.id) FROM messages m WHERE ${after})`.as('first_unread_id'),
    ])
    .where('r.user_id', '=', userId)
    .where(isAmongIds(db, 'r.topic_id', idList(db, topicIds)));
}

/**
 * The topics the member has a place in with messages of others after it, newest activity first,
 * with their authors: the member's places by primary key, each topic by its own, sorted by last
 * activity (the sort is over the member's places, as many as topics they opened).
 */
export function unreadTopicsQuery(db: Db, userId: number, options: { before?: number; limit: number }) {
  let query = db
    .selectFrom('topic_reads as r')
    .innerJoin('topics', 'topics.id', 'r.topic_id')
    .leftJoin('users', 'users.id', 'topics.user_id')
    .select(TOPIC_COLUMNS)
    .select(['users.username as author_username', 'users.is_admin as author_is_admin'])
    .where('r.user_id', '=', userId)
    .where(sql<boolean>`EXISTS (SELECT 1 FROM messages m WHERE ${othersAfterPlace(userId)})`);
  if (options.before !== undefined) query = query.where('topics.timestamp', '<', options.before);
  return query.orderBy('topics.timestamp', 'desc').limit(options.limit);
}

export function findUnreadTopics(
  db: Db,
  userId: number,
  options: { before?: number; limit: number },
): Promise<TopicWithAuthor[]> {
  return unreadTopicsQuery(db, userId, options).execute();
}

/**
 * Moves each of the member's places that has messages of others after it up to its topic's newest
 * message: "mark all read". Answers how many places moved.
 */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const result = await db
    .updateTable('topic_reads as r')
    .set({
      last_read_message_id: sql<number>`(SELECT max(m.id) FROM messages m WHERE m.topic_id = r.topic_id)`,
    })
    .where('r.user_id', '=', userId)
    .where(sql<boolean>`EXISTS (SELECT 1 FROM messages m WHERE ${othersAfterPlace(userId)})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every place the member keeps, by topic, for the export of their data. */
export function placesOf(db: Db, userId: number) {
  return db
    .selectFrom('topic_reads')
    .select(['topic_id', 'last_read_message_id'])
    .where('user_id', '=', userId)
    .orderBy('topic_id')
    .execute();
}

/** An account's deletion forgets where it read. */
export async function forgetReading(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('topic_reads').where('user_id', '=', userId).execute();
}
