import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import { type NewMessage, newMessageRow } from '../modules/messages/messages.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT: well under SQLite's 32766 bound parameters and PostgreSQL's 65535. */
const CHUNK = 500;

/** Hands the rows to `insert` CHUNK at a time, in the given order. */
async function inChunks<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/** Likes in bulk, for the demo seed (the API adds them one toggle at a time). */
export function insertLikes(
  db: Db,
  likes: ReadonlyArray<{ messageId: number; userId: number; createdAt: number }>,
): Promise<void> {
  const rows = likes.map((like) => ({
    message_id: like.messageId,
    user_id: like.userId,
    created_at: like.createdAt,
  }));
  return inChunks(rows, (chunk) => db.insertInto('likes').values(chunk).execute());
}

/** Whether the forum already has content: the demo seed only fills an empty one. */
export async function hasTopics(db: Db): Promise<boolean> {
  return (await db.selectFrom('topics').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Messages in bulk, in the given order (ids rise in that order); for the demo seed's replies. */
export function insertMessages(db: Db, messages: ReadonlyArray<NewMessage>): Promise<void> {
  return inChunks(messages.map(newMessageRow), (chunk) => db.insertInto('messages').values(chunk).execute());
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
