import type { Kysely, Transaction } from 'kysely';
import { compiledOnce, textPlaceholder } from '../../db/compiled-once';
import type { Database } from '../../db/database';
import { idList, isAmongIds } from '../../db/id-lists';

const PUBLIC_COLUMNS = ['id', 'username', 'is_admin'] as const;

/** The users of a list of ids (made by idList), by id. */
export function usersAmongQuery(db: Kysely<Database> | Transaction<Database>, list: string) {
  return db
    .selectFrom('users')
    .select(PUBLIC_COLUMNS)
    .where(isAmongIds(db, 'users.id', list))
    .orderBy('id');
}

const compiledUsersAmong = compiledOnce(usersAmongQuery, [textPlaceholder('ids')] as const);

/** The users a list references, in one query however many rows refer to them. */
export async function findUsersByIds(db: Kysely<Database>, ids: Iterable<number>) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return compiledUsersAmong(db, idList(db, unique));
}
