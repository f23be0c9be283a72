import { type Kysely, type RawBuilder, sql } from 'kysely';
import { databaseKind } from '../../db/connect';
import type { Database, MessageRow, TopicRow } from '../../db/database';

/**
 * The reads of the list and topic pages, each in one query with what the page shows beside the
 * rows: the author's public columns joined in, and a message's likes as one aggregate. A page used
 * to take a query for its rows, one for their users and one for their likes.
 *
 * The joins are LEFT JOINs on a primary key: SQLite never reorders a LEFT JOIN, so the page's
 * index walk (timestamp, (forum_id, timestamp), (topic_id, id)) stays the outer loop and the LIMIT
 * stops it early; every row has its author (a foreign key), so nothing is left out.
 */

/** The author's public columns, as presentUser takes them. */
export interface Author {
  author_username: string | null;
  author_is_admin: number | null;
}

/**
 * The columns a page shows. The search columns (a second copy of each subject and message, as
 * normalised text) are never read here: copying them out of SQLite was most of a topic page's
 * query time.
 */
const TOPIC_COLUMNS = [
  'topics.id',
  'topics.forum_id',
  'topics.user_id',
  'topics.subject',
  'topics.image',
  'topics.preview',
  'topics.replies',
  'topics.created_at',
  'topics.timestamp',
] as const;
const MESSAGE_COLUMNS = [
  'messages.id',
  'messages.topic_id',
  'messages.user_id',
  'messages.content',
  'messages.created_at',
] as const;

export type ShownTopic = Omit<TopicRow, 'subject_search'>;
export type ShownMessage = Pick<MessageRow, 'id' | 'topic_id' | 'user_id' | 'content' | 'created_at'>;
export type TopicWithAuthor = ShownTopic & Author;
export type MessageWithAuthor = ShownMessage & Author & { like_ids: string | null };

/** One page of topics with their authors, newest activity first (see listTopicsQuery). */
export function listTopicsWithAuthorsQuery(
  db: Kysely<Database>,
  options: { forumId?: number; before?: number; limit: number },
) {
  let query = db
    .selectFrom('topics')
    .leftJoin('users', 'users.id', 'topics.user_id')
    .select(TOPIC_COLUMNS)
    .select(['users.username as author_username', 'users.is_admin as author_is_admin']);
  if (options.forumId !== undefined) query = query.where('topics.forum_id', '=', options.forumId);
  if (options.before !== undefined) query = query.where('topics.timestamp', '<', options.before);
  return query.orderBy('topics.timestamp', 'desc').limit(options.limit);
}

export function listTopicsWithAuthors(
  db: Kysely<Database>,
  options: { forumId?: number; before?: number; limit: number },
): Promise<TopicWithAuthor[]> {
  return listTopicsWithAuthorsQuery(db, options).execute();
}

/**
 * The ids of the users who like `messages.id`, oldest like first, comma-separated (null for none):
 * one aggregate over the likes primary key (message_id, user_id) per message of the page.
 */
function likeIds(db: Kysely<Database>): RawBuilder<string | null> {
  return databaseKind(db) === 'postgres'
    ? sql<
        string | null
      >`(SELECT string_agg(likes.user_id::text, ',' ORDER BY likes.created_at, likes.user_id) FROM likes WHERE likes.message_id = messages.id)`
    : sql<
        string | null
      >`(SELECT group_concat(likes.user_id, ',' ORDER BY likes.created_at, likes.user_id) FROM likes WHERE likes.message_id = messages.id)`;
}

/** Messages with their authors and likes; `where` narrows them (a topic's page, or one message). */
function messagesWithAuthors(db: Kysely<Database>) {
  return db
    .selectFrom('messages')
    .leftJoin('users', 'users.id', 'messages.user_id')
    .select(MESSAGE_COLUMNS)
    .select([
      'users.username as author_username',
      'users.is_admin as author_is_admin',
      likeIds(db).as('like_ids'),
    ]);
}

/**
 * A page of a topic's messages, newest first, below `before` when given, with authors and likes.
 * Walks the (topic_id, id) index backwards, as listTopicMessagesQuery does.
 */
export function listTopicMessagesWithAuthorsQuery(
  db: Kysely<Database>,
  topicId: number,
  options: { before?: number; limit: number },
) {
  let query = messagesWithAuthors(db).where('messages.topic_id', '=', topicId);
  if (options.before !== undefined) query = query.where('messages.id', '<', options.before);
  return query.orderBy('messages.id', 'desc').limit(options.limit);
}

/** Up to `limit` replies, newest first, below `before`; never the main message (id = topic id). */
export async function listRepliesWithAuthors(
  db: Kysely<Database>,
  topicId: number,
  options: { before?: number; limit: number },
): Promise<MessageWithAuthor[]> {
  const rows = await listTopicMessagesWithAuthorsQuery(db, topicId, {
    ...options,
    limit: options.limit + 1,
  }).execute();
  return rows.filter((row) => row.id !== topicId).slice(0, options.limit);
}

/** One message by id with its author and likes (a topic's main message). */
export function findMessageWithAuthorQuery(db: Kysely<Database>, id: number) {
  return messagesWithAuthors(db).where('messages.id', '=', id);
}

export function findMessageWithAuthor(
  db: Kysely<Database>,
  id: number,
): Promise<MessageWithAuthor | undefined> {
  return findMessageWithAuthorQuery(db, id).executeTakeFirst();
}

/** The like ids of an aggregate, in their order. */
export function parseLikeIds(likeIdsText: string | null): number[] {
  return likeIdsText ? likeIdsText.split(',').map(Number) : [];
}

/** The distinct authors of some rows, by id, as findUsersByIds returns them. */
export function authorsOf(rows: ReadonlyArray<{ user_id: number } & Author>) {
  const byId = new Map<number, { id: number; username: string; is_admin: number }>();
  for (const row of rows) {
    if (row.author_username === null || byId.has(row.user_id)) continue;
    byId.set(row.user_id, {
      id: row.user_id,
      username: row.author_username,
      is_admin: Number(row.author_is_admin),
    });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
