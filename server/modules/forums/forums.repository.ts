import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export function listForums(db: Kysely<Database>) {
  return db.selectFrom('forums').select(['id', 'name', 'icon']).orderBy('id', 'asc').execute();
}

export function findForum(db: Kysely<Database>, id: number) {
  return db.selectFrom('forums').select(['id', 'name', 'icon']).where('id', '=', id).executeTakeFirst();
}
