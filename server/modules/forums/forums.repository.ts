import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

const FORUM_COLUMNS = ['id', 'name', 'icon', 'description'] as const;

/** Every forum in the admin's order (by id until an admin reorders them). */
export function listForums(db: Kysely<Database>) {
  return db.selectFrom('forums').select(FORUM_COLUMNS).orderBy('position').orderBy('id').execute();
}

export function findForum(db: Kysely<Database>, id: number) {
  return db.selectFrom('forums').select(FORUM_COLUMNS).where('id', '=', id).executeTakeFirst();
}
