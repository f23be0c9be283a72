import { type Kysely, type QueryCreator, sql, type Transaction } from 'kysely';
import { compiledOnce, integerPlaceholder, textPlaceholder } from '../../db/compiled-once';
import { databaseKind } from '../../db/connect';
import { normalizeForSearch } from '../../../shared/hebrew';
import type { Database, MessageRow, TopicRow } from '../../db/database';
import type { PreparedContent } from '../markup/markup';
import {
  insertMessage,
  insertMessageQuery,
  type NewMessage,
  setMessageTopic,
} from '../messages/messages.repository';

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

/**
 * `activityTimestamp`, moved later by whole milliseconds while another topic holds that key. Runs
 * inside the writing transaction; the UNIQUE index makes each probe one index lookup. On
 * PostgreSQL each probed key is first locked until commit, so two transactions that want the same
 * key at the same moment take turns and the second sees the first's row.
 */
async function uniqueTimestamp(db: Db, activityMs: number, topicId: number): Promise<number> {
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

/** A topic's row; compiled once, as it is read by every "more messages" page and most writes. */
export async function findTopic(db: Db, id: number): Promise<TopicRow | undefined> {
  const [row] = await compiledFindTopic(db, id);
  return row;
}

/**
 * Reads a topic inside a writing transaction and, on PostgreSQL, locks its row until commit, so
 * two replies or deletes on one topic at the same moment recount it one after the other (each sees
 * the other's message). SQLite runs one writing transaction at a time and needs no lock.
 */
export async function lockTopic(db: Transaction<Database>, id: number): Promise<TopicRow | undefined> {
  const [row] = await compiledLockTopic(db, id);
  return row;
}

/**
 * The statements every reply runs (lockTopic, lockTopicForReply, countReplyQuery, and
 * insertMessage beside them), compiled once: Kysely building and compiling them was about a tenth
 * of a reply's CPU (bench profile). Each is built from the same builders the query-plan tests check.
 */
const TOPIC_ID = integerPlaceholder(0);
const ORDER_KEY = integerPlaceholder(1);

const compiledFindTopic = compiledOnce(
  (db, id: number) => db.selectFrom('topics').selectAll().where('id', '=', id),
  [TOPIC_ID] as const,
);

const compiledLockTopic = compiledOnce(
  (db, id: number) => {
    const query = db.selectFrom('topics').selectAll().where('id', '=', id);
    return databaseKind(db) === 'postgres' ? query.forUpdate() : query;
  },
  [TOPIC_ID] as const,
);

const compiledLockTopicWithOrderKey = compiledOnce(
  (db, id: number, orderKey: number) =>
    db
      .with('locked', (locked) => locked.selectFrom('topics').selectAll().where('id', '=', id).forUpdate())
      .selectFrom('locked')
      .selectAll()
      .select(sql<unknown>`pg_advisory_xact_lock(${orderKey}::bigint)`.as('order_key_lock')),
  [TOPIC_ID, ORDER_KEY] as const,
);

const compiledCountReply = {
  ifFree: compiledOnce(
    (db, topicId: number, timestamp: number) => countReplyQuery(db, topicId, timestamp, { ifFree: true }),
    [TOPIC_ID, ORDER_KEY] as const,
  ),
  always: compiledOnce(
    (db, topicId: number, timestamp: number) => countReplyQuery(db, topicId, timestamp, { ifFree: false }),
    [TOPIC_ID, ORDER_KEY] as const,
  ),
};

/** The topics row of a topic whose main message has `id`; its subject's search text is derived here. */
export function newTopicRow(topic: {
  id: number;
  forumId: number;
  userId: number;
  subject: string;
  image: string;
  preview: string;
  replies: number;
  createdAt: number;
  timestamp: number;
}): TopicRow {
  return {
    id: topic.id,
    forum_id: topic.forumId,
    user_id: topic.userId,
    subject: topic.subject,
    subject_search: normalizeForSearch(topic.subject),
    image: topic.image,
    preview: topic.preview,
    replies: topic.replies,
    created_at: topic.createdAt,
    timestamp: topic.timestamp,
  };
}

/**
 * The one write of a new topic, for the API, the demo seed and the test factories: the main message
 * without a topic, the topic taking the message's id (docs/product.md §3: topic id = main message id) with its
 * search text and a unique order key, then the message attached to it. Runs inside the caller's
 * transaction. `lastActivityAt` and `replies` let the seed write a topic whose replies it adds in bulk.
 */
export async function insertTopicWithMainMessage(
  trx: Transaction<Database>,
  input: {
    forumId: number;
    userId: number;
    subject: string;
    body: PreparedContent;
    image: string;
    createdAt: number;
    lastActivityAt?: number;
    replies?: number;
  },
): Promise<{ topic: TopicRow; mainMessage: MessageRow }> {
  const main = await insertMessage(trx, {
    topicId: null,
    userId: input.userId,
    content: input.body.content,
    contentSearch: input.body.contentSearch,
    createdAt: input.createdAt,
  });
  const row = newTopicRow({
    id: main.id,
    forumId: input.forumId,
    userId: input.userId,
    subject: input.subject,
    image: input.image,
    preview: input.body.preview,
    replies: input.replies ?? 0,
    createdAt: input.createdAt,
    timestamp: await uniqueTimestamp(trx, input.lastActivityAt ?? input.createdAt, main.id),
  });
  const topic = await trx.insertInto('topics').values(row).returningAll().executeTakeFirstOrThrow();
  await setMessageTopic(trx, main.id, topic.id);
  return { topic, mainMessage: { ...main, topic_id: topic.id } };
}

/**
 * lockTopic for a reply, which will most likely move the topic to `orderKey`: on PostgreSQL the
 * same statement then takes that key's lock of uniqueTimestamp (after the row's, as every writer
 * takes them), which saves the reply a round trip. Taken in vain when the clock went back; it ends
 * with the transaction like the row's.
 */
async function lockTopicForReply(
  trx: Transaction<Database>,
  id: number,
  orderKey: number,
): Promise<TopicRow | undefined> {
  if (databaseKind(trx) !== 'postgres') return lockTopic(trx, id);
  const [row] = await compiledLockTopicWithOrderKey(trx, id, orderKey);
  if (!row) return undefined;
  const { order_key_lock: _, ...topic } = row;
  return topic;
}

/**
 * Counts a reply into its topic and sets its order key, in one statement. With `ifFree`, only when
 * no other topic holds that key (no row otherwise): the probe of uniqueTimestamp folded into the
 * write, for the usual case of a free key whose lock the transaction already holds.
 */
export function countReplyQuery(
  db: QueryCreator<Database>,
  topicId: number,
  timestamp: number,
  options: { ifFree: boolean },
) {
  let query = db
    .updateTable('topics')
    .set((eb) => ({ replies: eb('replies', '+', 1), timestamp }))
    .where('id', '=', topicId);
  if (options.ifFree)
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('topics as holder')
            .select('holder.id')
            .where('holder.timestamp', '=', timestamp)
            .where('holder.id', '!=', topicId),
        ),
      ),
    );
  return query.returningAll();
}

/**
 * The one write of a reply, for the API and the test factories: the message, then the topic's reply
 * count and order key, so the topic rises in its lists. Locks the topic first (see lockTopic);
 * undefined when the topic is gone. The topic is counted up by one rather than recounted, so a
 * reply costs the same in a thread of any length.
 */
export async function insertReply(
  trx: Transaction<Database>,
  input: { topicId: number; userId: number; body: Omit<PreparedContent, 'preview'>; createdAt: number },
): Promise<{ reply: MessageRow; topic: TopicRow } | undefined> {
  const orderKey = activityTimestamp(input.createdAt, input.topicId);
  const topic = await lockTopicForReply(trx, input.topicId, orderKey);
  if (!topic) return undefined;
  const message: NewReply = {
    topicId: input.topicId,
    userId: input.userId,
    content: input.body.content,
    contentSearch: input.body.contentSearch,
    createdAt: input.createdAt,
  };
  // The newest message is this one, unless the clock went back: then the topic keeps its place.
  const rises = input.createdAt > activityMsOf(topic.timestamp);
  const { reply, counted } = rises
    ? await insertRisingReply(trx, message, orderKey)
    : { reply: await insertMessage(trx, message), counted: undefined };
  if (counted) return { reply, topic: counted };
  const timestamp = rises ? await uniqueTimestamp(trx, input.createdAt, topic.id) : topic.timestamp;
  const [updated] = await compiledCountReply.always(trx, topic.id, timestamp);
  if (!updated) throw new Error(`topic ${topic.id} was not counted up`);
  return { reply, topic: updated };
}

type NewReply = NewMessage & { topicId: number };

/**
 * The message of a reply that moves its topic, and the topic counted up and moved to `orderKey`
 * when no other topic holds that key (`counted` undefined otherwise). On PostgreSQL one statement
 * does both, one round trip fewer; SQLite runs the two (it has no data-modifying CTEs).
 */
async function insertRisingReply(
  trx: Transaction<Database>,
  message: NewReply,
  orderKey: number,
): Promise<{ reply: MessageRow; counted: TopicRow | undefined }> {
  if (databaseKind(trx) !== 'postgres') {
    const reply = await insertMessage(trx, message);
    const [counted] = await compiledCountReply.ifFree(trx, message.topicId, orderKey);
    return { reply, counted };
  }
  const [row] = await compiledInsertCountedReply(
    trx,
    message.topicId,
    message.userId,
    message.content,
    message.contentSearch,
    message.createdAt,
    orderKey,
  );
  if (!row) throw new Error('the reply was not written');
  const { counted, ...reply } = row;
  return { reply, counted: counted ?? undefined };
}

/**
 * insertRisingReply's statement on PostgreSQL: the message's insert and countReplyQuery (ifFree)
 * as two CTEs; the counted topic comes back as one JSON column beside the message's (null when
 * the key was held). Its numbers fit JSON's: order keys stay below 2^53.
 */
export function insertCountedReplyQuery(db: Kysely<Database>, message: NewReply, orderKey: number) {
  return (
    db
      .with('inserted', (cte) => insertMessageQuery(cte, message))
      // The second CTE's builder also knows `inserted`; the update reads only the forum's tables.
      .with('counted', (cte) =>
        countReplyQuery(cte as unknown as QueryCreator<Database>, message.topicId, orderKey, {
          ifFree: true,
        }),
      )
      .selectFrom('inserted')
      .leftJoin('counted', (join) => join.onTrue())
      .selectAll('inserted')
      .select(sql<TopicRow | null>`to_json(counted)`.as('counted'))
  );
}

const compiledInsertCountedReply = compiledOnce(
  (
    db,
    topicId: number,
    userId: number,
    content: string,
    contentSearch: string,
    createdAt: number,
    orderKey: number,
  ) => insertCountedReplyQuery(db, { topicId, userId, content, contentSearch, createdAt }, orderKey),
  [
    TOPIC_ID,
    integerPlaceholder(2),
    textPlaceholder('content'),
    textPlaceholder('content search'),
    integerPlaceholder(3),
    ORDER_KEY,
  ] as const,
);

/** Stores a topic's (big) image name; the admin refresh of the topic image calls it. */
export async function updateTopicImage(db: Db, topicId: number, image: string): Promise<void> {
  await db.updateTable('topics').set({ image }).where('id', '=', topicId).execute();
}

export async function updateTopicForum(db: Db, topicId: number, forumId: number): Promise<void> {
  await db.updateTable('topics').set({ forum_id: forumId }).where('id', '=', topicId).execute();
}

/** Renames a topic; its search text follows. */
export async function updateTopicSubject(db: Db, topicId: number, subject: string): Promise<void> {
  await db
    .updateTable('topics')
    .set({ subject, subject_search: normalizeForSearch(subject) })
    .where('id', '=', topicId)
    .execute();
}

export async function updateTopicPreview(db: Db, topicId: number, preview: string): Promise<void> {
  await db.updateTable('topics').set({ preview }).where('id', '=', topicId).execute();
}

/** The time (ms) of the newest message of a topic, back from its order key. */
export function activityMsOf(timestamp: number): number {
  return Math.floor(timestamp / 1000);
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

/**
 * Removes a topic with all its messages and their likes; message reports keep their rows. On
 * PostgreSQL its messages are locked before their likes are touched, in the order a like takes
 * them (lockMessageWithTopic), so a like at the same moment waits instead of deadlocking.
 */
export async function deleteTopicWithMessages(db: Db, topicId: number): Promise<void> {
  const messageIds = db.selectFrom('messages').select('id').where('topic_id', '=', topicId);
  if (databaseKind(db) === 'postgres') await messageIds.forUpdate().execute();
  await db.deleteFrom('likes').where('message_id', 'in', messageIds).execute();
  await db.deleteFrom('messages').where('topic_id', '=', topicId).execute();
  await db.deleteFrom('topics').where('id', '=', topicId).execute();
}
