import { type Insertable, type Kysely, type QueryCreator, sql, type Transaction } from 'kysely';
import {
  compiledOnce,
  compiledStatementOnce,
  integerPlaceholder,
  textPlaceholder,
} from '../../db/compiled-once';
import { databaseKind } from '../../db/connect';
import type { Database, LikeRow, MessageRow, MessagesTable, TopicRow } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

/** A new message as the services and the seed describe it; its content is prepared by markup.ts. */
export interface NewMessage {
  topicId: number | null;
  userId: number;
  content: string;
  contentSearch: string;
  createdAt: number;
}

/** The messages row of a new message; the demo seed writes these rows in bulk. */
export function newMessageRow(message: NewMessage): Insertable<MessagesTable> {
  return {
    topic_id: message.topicId,
    user_id: message.userId,
    content: message.content,
    content_search: message.contentSearch,
    created_at: message.createdAt,
    updated_at: null,
  };
}

/** A message's insert: on its own, or inside a reply's one statement on PostgreSQL (insertReply). */
export function insertMessageQuery(db: QueryCreator<Database>, message: NewMessage) {
  return db.insertInto('messages').values(newMessageRow(message)).returningAll();
}

/** Every reply and topic writes one: compiled once (see compiledLockMessageWithTopic below). */
const compiledInsertMessage = compiledOnce(
  (db, topicId: number | null, userId: number, content: string, contentSearch: string, createdAt: number) =>
    insertMessageQuery(db, { topicId, userId, content, contentSearch, createdAt }),
  [
    integerPlaceholder(0),
    integerPlaceholder(1),
    textPlaceholder('content'),
    textPlaceholder('content search'),
    integerPlaceholder(2),
  ] as const,
);

export async function insertMessage(db: Db, message: NewMessage): Promise<MessageRow> {
  const [row] = await compiledInsertMessage(
    db,
    message.topicId,
    message.userId,
    message.content,
    message.contentSearch,
    message.createdAt,
  );
  if (!row) throw new Error('the message was not written');
  return row;
}

/** Attaches a main message to the topic that took its id. */
export async function setMessageTopic(db: Db, messageId: number, topicId: number): Promise<void> {
  await db.updateTable('messages').set({ topic_id: topicId }).where('id', '=', messageId).execute();
}

export function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The query of lockMessageWithTopic (its lock holds only inside a transaction). */
export function lockMessageWithTopicQuery(db: Db, id: number) {
  const query = db
    .selectFrom('messages')
    .innerJoin('topics', 'topics.id', 'messages.topic_id')
    .selectAll('messages')
    .select([
      'topics.user_id as topic_user_id',
      'topics.forum_id as topic_forum_id',
      'topics.subject as topic_subject',
    ])
    .where('messages.id', '=', id);
  return databaseKind(db) === 'postgres' ? query.forNoKeyUpdate('messages') : query;
}

/**
 * The statements of a like (lockMessageWithTopic, toggleLike, likesOfMessage), each compiled once:
 * building and compiling them was about a tenth of a like's CPU (bench profile).
 */
const MESSAGE_ID = integerPlaceholder(0);
const USER_ID = integerPlaceholder(1);
const NOW = integerPlaceholder(2);
const compiledLockMessageWithTopic = compiledOnce((db, id: number) => lockMessageWithTopicQuery(db, id), [
  MESSAGE_ID,
] as const);

/**
 * A message of a topic with what a write about it needs of the topic, in one read; undefined when
 * either is gone. On PostgreSQL it locks the message's row until commit (not the topic's, so
 * replies go on), so likes of one message at the same moment take turns: each sees the likes
 * before it, toggles against them and counts its notification group right. SQLite runs one
 * writing transaction at a time and needs no lock.
 */
export async function lockMessageWithTopic(
  trx: Transaction<Database>,
  id: number,
): Promise<
  | {
      message: MessageRow & { topic_id: number };
      topic: Pick<TopicRow, 'id' | 'user_id' | 'forum_id' | 'subject'>;
    }
  | undefined
> {
  const [row] = await compiledLockMessageWithTopic(trx, id);
  if (!row) return undefined;
  const { topic_user_id, topic_forum_id, topic_subject, ...message } = row;
  const topicId = Number(message.topic_id);
  return {
    message: { ...message, topic_id: topicId },
    topic: { id: topicId, user_id: topic_user_id, forum_id: topic_forum_id, subject: topic_subject },
  };
}

/**
 * A page of a topic's messages, newest first (the caller shows them ascending), below `before`
 * when given. Only `topic_id = ?` and `id < ?` constrain it, so both databases walk the
 * (topic_id, id) index backwards; a lower bound on id (to leave out the main message) would tempt
 * them into walking the primary key instead and filtering the whole message table. The main
 * message, the oldest of its topic, is left out by `listReplies`.
 */
export function listTopicMessagesQuery(db: Db, topicId: number, options: { before?: number; limit: number }) {
  let query = db.selectFrom('messages').selectAll().where('topic_id', '=', topicId);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit);
}

/**
 * Up to `limit` replies of a topic, newest first, below `before` when given; the main message
 * (id = topic id) is never among them. Asks for one row more, as the main message may take it.
 */
export async function listReplies(
  db: Db,
  topicId: number,
  options: { before?: number; limit: number },
): Promise<MessageRow[]> {
  const rows = await listTopicMessagesQuery(db, topicId, { ...options, limit: options.limit + 1 }).execute();
  return rows.filter((row) => row.id !== topicId).slice(0, options.limit);
}

/** The likes of some messages, oldest first. */
export function likesByMessageQuery(db: Db, messageIds: readonly number[]) {
  return db
    .selectFrom('likes')
    .select(['message_id', 'user_id', 'created_at'])
    .where('message_id', 'in', [...new Set(messageIds)])
    .orderBy('created_at')
    .orderBy('user_id');
}

/** The user ids who like each message, in one query for the whole page, oldest like first. */
export async function likesByMessage(db: Db, messageIds: readonly number[]): Promise<Map<number, number[]>> {
  const likes = new Map<number, number[]>(messageIds.map((id) => [id, []]));
  if (messageIds.length === 0) return likes;
  const rows = await likesByMessageQuery(db, messageIds).execute();
  for (const row of rows) likes.get(row.message_id)?.push(row.user_id);
  return likes;
}

/** Who liked one message and when, oldest first. */
export const likesOfMessage = compiledOnce((db, messageId: number) => likesByMessageQuery(db, [messageId]), [
  MESSAGE_ID,
] as const);

export function updateMessageContent(
  db: Db,
  id: number,
  change: { content: string; contentSearch: string; updatedAt: number },
): Promise<MessageRow> {
  return db
    .updateTable('messages')
    .set({ content: change.content, content_search: change.contentSearch, updated_at: change.updatedAt })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes one message and its likes; reports about it keep their rows. */
export async function deleteMessage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('likes').where('message_id', '=', id).execute();
  await db.deleteFrom('messages').where('id', '=', id).execute();
}

const deleteLike = compiledStatementOnce(
  (db, messageId: number, userId: number) =>
    db.deleteFrom('likes').where('message_id', '=', messageId).where('user_id', '=', userId),
  [MESSAGE_ID, USER_ID] as const,
);

const insertLike = compiledStatementOnce(
  (db, messageId: number, userId: number, now: number) =>
    db
      .insertInto('likes')
      .values({ message_id: messageId, user_id: userId, created_at: now })
      .onConflict((conflict) => conflict.columns(['message_id', 'user_id']).doNothing()),
  [MESSAGE_ID, USER_ID, NOW] as const,
);

/**
 * Likes the message for the user, or takes the like back if there was one. Returns whether it is
 * now liked. Call it after lockMessageWithTopic; a double like that reached it all the same lands
 * on the primary key and is ignored.
 */
export async function toggleLike(db: Db, messageId: number, userId: number, now: number): Promise<boolean> {
  const removed = await deleteLike(db, messageId, userId);
  if (Number(removed.numAffectedRows ?? 0) > 0) return false;
  await insertLike(db, messageId, userId, now);
  return true;
}

/** A like as a message's list of likes shows it, oldest first. */
type Like = Pick<LikeRow, 'user_id' | 'created_at'>;

/**
 * toggleLike and likesOfMessage in one statement on PostgreSQL: the delete and the insert as CTEs
 * (the insert only when the delete found nothing), then the message's likes after the change as
 * one JSON column. What a statement's CTEs change is not visible to its main query, so the list
 * is the likes as they were, less the user's, plus the one inserted. Its numbers fit JSON's.
 */
export function toggleLikeQuery(db: Kysely<Database>, messageId: number, userId: number, now: number) {
  return db
    .with('removed', (cte) =>
      cte
        .deleteFrom('likes')
        .where('message_id', '=', messageId)
        .where('user_id', '=', userId)
        .returning('user_id'),
    )
    .with('added', (cte) =>
      cte
        .insertInto('likes')
        .columns(['message_id', 'user_id', 'created_at'])
        .expression(
          sql`SELECT cast(${messageId} AS integer), cast(${userId} AS integer), cast(${now} AS bigint)
            WHERE NOT EXISTS (SELECT 1 FROM removed)`,
        )
        .onConflict((conflict) => conflict.columns(['message_id', 'user_id']).doNothing())
        .returning(['user_id', 'created_at']),
    )
    .selectNoFrom([
      sql<boolean>`NOT EXISTS (SELECT 1 FROM removed)`.as('liked'),
      sql<Like[]>`(SELECT coalesce(json_agg(l ORDER BY l.created_at, l.user_id), '[]') FROM (
          SELECT user_id, created_at FROM likes WHERE message_id = ${messageId} AND user_id <> ${userId}
          UNION ALL SELECT user_id, created_at FROM added) AS l)`.as('likes'),
    ]);
}

const compiledToggleLike = compiledOnce(
  (db, messageId: number, userId: number, now: number) => toggleLikeQuery(db, messageId, userId, now),
  [MESSAGE_ID, USER_ID, NOW] as const,
);

/**
 * Toggles the user's like (toggleLike) and answers whether the message is now liked with its likes
 * after the change, oldest first: one statement on PostgreSQL, SQLite's three otherwise (it has no
 * data-modifying CTEs). Call it after lockMessageWithTopic.
 */
export async function toggleLikeWithLikes(
  db: Db,
  messageId: number,
  userId: number,
  now: number,
): Promise<{ liked: boolean; likes: Like[] }> {
  if (databaseKind(db) === 'postgres') {
    const [row] = await compiledToggleLike(db, messageId, userId, now);
    if (!row) throw new Error('the like was not toggled');
    return row;
  }
  const liked = await toggleLike(db, messageId, userId, now);
  return { liked, likes: await likesOfMessage(db, messageId) };
}
