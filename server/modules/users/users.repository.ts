import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

const PUBLIC_COLUMNS = ['id', 'username', 'is_admin'] as const;

/** The users a list references, in one query however many rows refer to them. */
export async function findUsersByIds(db: Kysely<Database>, ids: Iterable<number>) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', 'in', unique).orderBy('id').execute();
}
