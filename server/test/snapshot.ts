import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** Every content row, in a stable order: compare two snapshots to prove a refused write changed nothing. */
export async function contentSnapshot(db: Kysely<Database>) {
  return {
    topics: await db.selectFrom('topics').selectAll().orderBy('id').execute(),
    messages: await db.selectFrom('messages').selectAll().orderBy('id').execute(),
    likes: await db.selectFrom('likes').selectAll().orderBy('message_id').orderBy('user_id').execute(),
    reports: await db.selectFrom('message_reports').selectAll().orderBy('id').execute(),
  };
}
