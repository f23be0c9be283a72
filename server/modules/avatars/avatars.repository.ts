import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export function findAvatarOwner(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
}
