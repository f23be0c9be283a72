import type { Kysely, Transaction } from 'kysely';
import type { Database, MessageRow } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

export function insertMessage(
  db: Db,
  message: {
    topicId: number | null;
    userId: number;
    content: string;
    contentSearch: string;
    createdAt: number;
  },
): Promise<MessageRow> {
  return db
    .insertInto('messages')
    .values({
      topic_id: message.topicId,
      user_id: message.userId,
      content: message.content,
      content_search: message.contentSearch,
      created_at: message.createdAt,
      updated_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Attaches a main message to the topic that took its id. */
export async function setMessageTopic(db: Db, messageId: number, topicId: number): Promise<void> {
  await db.updateTable('messages').set({ topic_id: topicId }).where('id', '=', messageId).execute();
}

export function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A page of a topic's replies, newest first (the caller shows them ascending): ids above the main
 * message's (= the topic id) and below `before` when given. Walks the (topic_id, id) index.
 */
export function listRepliesQuery(db: Db, topicId: number, options: { before?: number; limit: number }) {
  let query = db.selectFrom('messages').selectAll().where('topic_id', '=', topicId).where('id', '>', topicId);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit);
}

export function listReplies(
  db: Db,
  topicId: number,
  options: { before?: number; limit: number },
): Promise<MessageRow[]> {
  return listRepliesQuery(db, topicId, options).execute();
}

/** The user ids who like each message, in one query for the whole page, oldest like first. */
export async function likesByMessage(db: Db, messageIds: readonly number[]): Promise<Map<number, number[]>> {
  const likes = new Map<number, number[]>(messageIds.map((id) => [id, []]));
  if (messageIds.length === 0) return likes;
  const rows = await db
    .selectFrom('likes')
    .select(['message_id', 'user_id'])
    .where('message_id', 'in', [...new Set(messageIds)])
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  for (const row of rows) likes.get(row.message_id)?.push(row.user_id);
  return likes;
}

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

/**
 * Likes the message for the user, or takes the like back if there was one. Returns whether it is
 * now liked. A concurrent double like lands on the primary key and is ignored.
 */
export async function toggleLike(db: Db, messageId: number, userId: number, now: number): Promise<boolean> {
  const removed = await db
    .deleteFrom('likes')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await db
    .insertInto('likes')
    .values({ message_id: messageId, user_id: userId, created_at: now })
    .onConflict((conflict) => conflict.columns(['message_id', 'user_id']).doNothing())
    .execute();
  return true;
}
