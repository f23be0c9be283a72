import { type Kysely, sql, type Transaction } from 'kysely';
import { databaseKind } from '../../db/connect';
import type { Database, TopicRow } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The order key of a topic whose newest message was written at `activityMs`. Lists page by
 * `timestamp < cursor` alone (keyset pagination), so two topics must never share a key or one of
 * them would be skipped or repeated at a page boundary: the low three digits hold the topic id
 * modulo 1000, which separates topics active in the same millisecond, and `uniqueTimestamp` settles
 * the rare case of equal ids modulo 1000.
 */
export function activityTimestamp(activityMs: number, topicId: number): number {
  return activityMs * 1000 + (topicId % 1000);
}

/** The time (ms) of the newest message of a topic, back from its order key. */
export function activityMsOf(timestamp: number): number {
  return Math.floor(timestamp / 1000);
}

/**
 * `activityTimestamp`, moved later by whole milliseconds while another topic holds that key. Runs
 * inside the writing transaction; the UNIQUE index makes each probe one index lookup. On
 * PostgreSQL each probed key is first locked until commit, so two transactions that want the same
 * key at the same moment take turns and the second sees the first's row.
 */
export async function uniqueTimestamp(db: Db, activityMs: number, topicId: number): Promise<number> {
  const postgres = databaseKind(db) === 'postgres';
  let candidate = activityTimestamp(activityMs, topicId);
  for (;;) {
    if (postgres) await sql`SELECT pg_advisory_xact_lock(${candidate}::bigint)`.execute(db);
    const holder = await db
      .selectFrom('topics')
      .select('id')
      .where('timestamp', '=', candidate)
      .executeTakeFirst();
    if (!holder || holder.id === topicId) return candidate;
    candidate += 1000;
  }
}

/**
 * One page of topics, newest activity first: all forums, or one; older than `before` (a
 * timestamp from an earlier page) when given. Served by the unique index on timestamp, or by
 * (forum_id, timestamp) for one forum.
 */
export function listTopicsQuery(db: Db, options: { forumId?: number; before?: number; limit: number }) {
  let query = db.selectFrom('topics').selectAll();
  if (options.forumId !== undefined) query = query.where('forum_id', '=', options.forumId);
  if (options.before !== undefined) query = query.where('timestamp', '<', options.before);
  return query.orderBy('timestamp', 'desc').limit(options.limit);
}

export function listTopics(
  db: Db,
  options: { forumId?: number; before?: number; limit: number },
): Promise<TopicRow[]> {
  return listTopicsQuery(db, options).execute();
}

export function findTopic(db: Db, id: number): Promise<TopicRow | undefined> {
  return db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Reads a topic inside a writing transaction and, on PostgreSQL, locks its row until commit, so
 * two replies or deletes on one topic at the same moment recount it one after the other (each sees
 * the other's message). SQLite runs one writing transaction at a time and needs no lock.
 */
export function lockTopic(db: Transaction<Database>, id: number): Promise<TopicRow | undefined> {
  const query = db.selectFrom('topics').selectAll().where('id', '=', id);
  return (databaseKind(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export function insertTopic(db: Db, topic: TopicRow): Promise<TopicRow> {
  return db.insertInto('topics').values(topic).returningAll().executeTakeFirstOrThrow();
}

/** Stores a topic's (big) image name; the admin refresh of the topic image calls it. */
export async function updateTopicImage(db: Db, topicId: number, image: string): Promise<void> {
  await db.updateTable('topics').set({ image }).where('id', '=', topicId).execute();
}

export async function updateTopicForum(db: Db, topicId: number, forumId: number): Promise<void> {
  await db.updateTable('topics').set({ forum_id: forumId }).where('id', '=', topicId).execute();
}

export async function updateTopicSubject(
  db: Db,
  topicId: number,
  subject: string,
  subjectSearch: string,
): Promise<void> {
  await db
    .updateTable('topics')
    .set({ subject, subject_search: subjectSearch })
    .where('id', '=', topicId)
    .execute();
}

export async function updateTopicPreview(db: Db, topicId: number, preview: string): Promise<void> {
  await db.updateTable('topics').set({ preview }).where('id', '=', topicId).execute();
}

/**
 * Recounts a topic's replies and resets its order key from its newest remaining message, after a
 * reply was added or deleted. Returns the updated row.
 */
export async function refreshTopicActivity(db: Db, topicId: number): Promise<TopicRow> {
  const stats = await db
    .selectFrom('messages')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('created_at').as('newest')])
    .where('topic_id', '=', topicId)
    .executeTakeFirstOrThrow();
  const count = Number(stats.count);
  const newest = Number(stats.newest);
  const timestamp = await uniqueTimestamp(db, newest, topicId);
  return db
    .updateTable('topics')
    .set({ replies: Math.max(0, count - 1), timestamp })
    .where('id', '=', topicId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a topic with all its messages and their likes; message reports keep their rows. */
export async function deleteTopicWithMessages(db: Db, topicId: number): Promise<void> {
  const messageIds = db.selectFrom('messages').select('id').where('topic_id', '=', topicId);
  await db.deleteFrom('likes').where('message_id', 'in', messageIds).execute();
  await db.deleteFrom('messages').where('topic_id', '=', topicId).execute();
  await db.deleteFrom('topics').where('id', '=', topicId).execute();
}
