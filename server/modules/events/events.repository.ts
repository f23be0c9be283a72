import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/database';

/** The live session of a bearer token's hash. */
export function findSessionId(db: Kysely<Database>, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** The active user of a session that is still live (not logged out, not expired). */
export function findSessionUser(
  db: Kysely<Database>,
  sessionId: number,
  userId: number,
  now: number,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', 1)
    .executeTakeFirst();
}
