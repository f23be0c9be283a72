import { type Kysely, type RawBuilder, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
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
export const TOPIC_COLUMNS = [
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

/**
 * Values standing for a call's arguments in a query compiled once (compiledOnce): safe integers no
 * id, time or limit can be, one per argument.
 */
const FORUM_ID = Number.MIN_SAFE_INTEGER;
const BEFORE = Number.MIN_SAFE_INTEGER + 1;
const LIMIT = Number.MIN_SAFE_INTEGER + 2;
const TOPIC_ID = Number.MIN_SAFE_INTEGER + 3;

/**
 * The page reads run on every list and topic request: Kysely building and compiling them each time
 * was most of its share of a logged-in read (profile of the bench's home and topic rows). Each shape
 * (with or without a forum, with or without a cursor) is compiled once from the builders above,
 * which the query-plan tests check.
 */
const compiledTopicLists = {
  all: compiledOnce((db, limit: number) => listTopicsWithAuthorsQuery(db, { limit }), [LIMIT] as const),
  allBefore: compiledOnce(
    (db, before: number, limit: number) => listTopicsWithAuthorsQuery(db, { before, limit }),
    [BEFORE, LIMIT] as const,
  ),
  forum: compiledOnce(
    (db, forumId: number, limit: number) => listTopicsWithAuthorsQuery(db, { forumId, limit }),
    [FORUM_ID, LIMIT] as const,
  ),
  forumBefore: compiledOnce(
    (db, forumId: number, before: number, limit: number) =>
      listTopicsWithAuthorsQuery(db, { forumId, before, limit }),
    [FORUM_ID, BEFORE, LIMIT] as const,
  ),
};

export function listTopicsWithAuthors(
  db: Kysely<Database>,
  options: { forumId?: number; before?: number; limit: number },
): Promise<TopicWithAuthor[]> {
  const { forumId, before, limit } = options;
  if (forumId === undefined) {
    return before === undefined
      ? compiledTopicLists.all(db, limit)
      : compiledTopicLists.allBefore(db, before, limit);
  }
  return before === undefined
    ? compiledTopicLists.forum(db, forumId, limit)
    : compiledTopicLists.forumBefore(db, forumId, before, limit);
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

/** listTopicMessagesWithAuthorsQuery compiled once per shape, as compiledTopicLists. */
const compiledMessagePages = {
  newest: compiledOnce(
    (db, topicId: number, limit: number) => listTopicMessagesWithAuthorsQuery(db, topicId, { limit }),
    [TOPIC_ID, LIMIT] as const,
  ),
  before: compiledOnce(
    (db, topicId: number, before: number, limit: number) =>
      listTopicMessagesWithAuthorsQuery(db, topicId, { before, limit }),
    [TOPIC_ID, BEFORE, LIMIT] as const,
  ),
};

/** Up to `limit` replies, newest first, below `before`; never the main message (id = topic id). */
export async function listRepliesWithAuthors(
  db: Kysely<Database>,
  topicId: number,
  options: { before?: number; limit: number },
): Promise<MessageWithAuthor[]> {
  const limit = options.limit + 1;
  const rows =
    options.before === undefined
      ? await compiledMessagePages.newest(db, topicId, limit)
      : await compiledMessagePages.before(db, topicId, options.before, limit);
  return rows.filter((row) => row.id !== topicId).slice(0, options.limit);
}

/**
 * A topic with its main message (the message whose id is the topic's), that message's author and
 * likes: the head of a topic page in one query, by the two primary keys. The topic's columns come
 * prefixed, as the message's share their names.
 */
export function findTopicWithMainMessageQuery(db: Kysely<Database>, topicId: number) {
  return messagesWithAuthors(db)
    .innerJoin('topics', 'topics.id', 'messages.id')
    .select([
      'topics.forum_id as topic_forum_id',
      'topics.user_id as topic_user_id',
      'topics.subject as topic_subject',
      'topics.image as topic_image',
      'topics.preview as topic_preview',
      'topics.replies as topic_replies',
      'topics.created_at as topic_created_at',
      'topics.timestamp as topic_timestamp',
    ])
    .where('messages.id', '=', topicId);
}

/**
 * The newest `limit` messages of a topic (listTopicMessagesWithAuthorsQuery) with the head's topic
 * columns as nulls, typed as the topic's columns are, so it can follow the head in a UNION ALL.
 */
function newestMessagesBesideHead(db: Kysely<Database>, topicId: number, limit: number) {
  const none = <T>(type: 'integer' | 'bigint' | 'text') => sql<T | null>`cast(null as ${sql.raw(type)})`;
  return listTopicMessagesWithAuthorsQuery(db, topicId, { limit }).select([
    none<number>('integer').as('topic_forum_id'),
    none<number>('integer').as('topic_user_id'),
    none<string>('text').as('topic_subject'),
    none<string>('text').as('topic_image'),
    none<string>('text').as('topic_preview'),
    none<number>('integer').as('topic_replies'),
    none<number>('bigint').as('topic_created_at'),
    none<number>('bigint').as('topic_timestamp'),
  ]);
}

/**
 * A topic page in one statement: the topic's newest `limit` messages (the main message among them
 * when the topic has few replies) and its head (findTopicWithMainMessageQuery).
 */
export function topicPageQuery(db: Kysely<Database>, topicId: number, limit: number) {
  return db
    .selectFrom(newestMessagesBesideHead(db, topicId, limit).as('newest'))
    .selectAll()
    .unionAll(findTopicWithMainMessageQuery(db, topicId));
}

const compiledTopicPage = compiledOnce(
  (db, topicId: number, limit: number) => topicPageQuery(db, topicId, limit),
  [TOPIC_ID, LIMIT] as const,
);

type TopicPageRow = Awaited<ReturnType<typeof compiledTopicPage>>[number];
/** The head's row: its topic columns, nulls in the other rows, are the topic's (all NOT NULL). */
type HeadRow = {
  [K in keyof TopicPageRow]: K extends `topic_${string}`
    ? K extends 'topic_id'
      ? TopicPageRow[K]
      : NonNullable<TopicPageRow[K]>
    : TopicPageRow[K];
};
const isHead = (row: TopicPageRow): row is HeadRow => row.topic_forum_id !== null;

function messageOf(row: TopicPageRow): MessageWithAuthor {
  return {
    id: row.id,
    topic_id: row.topic_id,
    user_id: row.user_id,
    content: row.content,
    created_at: row.created_at,
    author_username: row.author_username,
    author_is_admin: row.author_is_admin,
    like_ids: row.like_ids,
  };
}

/**
 * A topic, its main message and its newest `limit` replies (newest first, never the main message),
 * each with author and likes, in one statement; undefined when the topic or its main message is
 * missing. A UNION ALL promises no order, so the head is the row with the topic's columns (every
 * topic has a forum) and the replies are put in order here.
 */
export async function findTopicPage(
  db: Kysely<Database>,
  topicId: number,
  limit: number,
): Promise<{ topic: ShownTopic; main: MessageWithAuthor; newestReplies: MessageWithAuthor[] } | undefined> {
  const rows = await compiledTopicPage(db, topicId, limit + 1);
  const head = rows.find(isHead);
  if (!head) return undefined;
  const newestReplies = rows
    .filter((row) => !isHead(row) && row.id !== topicId)
    .sort((a, b) => b.id - a.id)
    .slice(0, limit)
    .map(messageOf);
  return {
    topic: {
      id: head.id,
      forum_id: head.topic_forum_id,
      user_id: head.topic_user_id,
      subject: head.topic_subject,
      image: head.topic_image,
      preview: head.topic_preview,
      replies: head.topic_replies,
      created_at: head.topic_created_at,
      timestamp: head.topic_timestamp,
    },
    main: messageOf(head),
    newestReplies,
  };
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
