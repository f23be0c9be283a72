import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT: well under SQLite's 32766 bound parameters and PostgreSQL's 65535. */
const CHUNK = 500;

/** Likes in bulk, for the demo seed (the API adds them one toggle at a time). */
export async function insertLikes(
  db: Db,
  likes: ReadonlyArray<{ messageId: number; userId: number; createdAt: number }>,
): Promise<void> {
  for (let start = 0; start < likes.length; start += CHUNK) {
    await db
      .insertInto('likes')
      .values(
        likes.slice(start, start + CHUNK).map((like) => ({
          message_id: like.messageId,
          user_id: like.userId,
          created_at: like.createdAt,
        })),
      )
      .execute();
  }
}

/** Whether the forum already has content: the demo seed only fills an empty one. */
export async function hasTopics(db: Db): Promise<boolean> {
  return (await db.selectFrom('topics').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Messages in bulk, in the given order (ids rise in that order); for the demo seed's replies. */
export async function insertMessages(
  db: Db,
  messages: ReadonlyArray<{
    topicId: number;
    userId: number;
    content: string;
    contentSearch: string;
    createdAt: number;
  }>,
): Promise<void> {
  for (let start = 0; start < messages.length; start += CHUNK) {
    await db
      .insertInto('messages')
      .values(
        messages.slice(start, start + CHUNK).map((message) => ({
          topic_id: message.topicId,
          user_id: message.userId,
          content: message.content,
          content_search: message.contentSearch,
          created_at: message.createdAt,
          updated_at: null,
        })),
      )
      .execute();
  }
}

/** Every message with its author and time, and whether it is a topic's main message. */
export async function listMessageAuthors(db: Db) {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'user_id', 'created_at', 'topic_id'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    time: row.created_at,
    main: row.id === row.topic_id,
  }));
}
