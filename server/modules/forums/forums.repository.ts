import type { Kysely, Transaction } from 'kysely';
import { databaseKind } from '../../db/connect';
import type { Database } from '../../db/database';

const FORUM_COLUMNS = ['id', 'name', 'icon', 'description'] as const;

/** Every forum in the admin's order (by id until an admin reorders them). */
export function listForums(db: Kysely<Database>) {
  return db.selectFrom('forums').select(FORUM_COLUMNS).orderBy('position').orderBy('id').execute();
}

export function findForum(db: Kysely<Database>, id: number) {
  return db.selectFrom('forums').select(FORUM_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The forum a topic is being written into, read inside the write's transaction. On PostgreSQL it
 * holds a key-share lock, so a merge or deletion of the forum that got there first is waited for
 * and then seen as gone (a 404), instead of the topic's foreign key failing after it (a 500).
 * SQLite runs one write transaction at a time, so a plain read there is already current.
 */
export function findForumForWrite(trx: Transaction<Database>, id: number) {
  const query = trx.selectFrom('forums').select(FORUM_COLUMNS).where('id', '=', id);
  return (databaseKind(trx) === 'postgres' ? query.forKeyShare() : query).executeTakeFirst();
}
