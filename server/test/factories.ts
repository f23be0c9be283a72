import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/database';
import { hashToken } from '../plugins/auth';

let sequence = 0;

export interface TestUser {
  user: UserRow;
  token: string;
}

/** An active user with a live session, inserted directly (the account flows have their own tests). */
export async function createUser(
  db: Kysely<Database>,
  options: { admin?: boolean; active?: boolean; username?: string; email?: string; now?: number } = {},
): Promise<TestUser> {
  sequence += 1;
  const suffix = `${process.pid}${sequence}${randomBytes(2).toString('hex')}`;
  const username = options.username ?? `משתמש${suffix}`;
  const email = options.email ?? `user${suffix}@example.test`;
  const now = options.now ?? Date.now();
  const user = await db
    .insertInto('users')
    .values({
      username,
      username_key: username.toLowerCase(),
      email,
      email_key: email.toLowerCase(),
      password_hash: 'no-password',
      birthdate: '1995-01-01',
      is_admin: options.admin ? 1 : 0,
      is_active: options.active === false ? 0 : 1,
      created_at: now,
      activated_at: options.active === false ? null : now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, expires_at: now + 1e12 })
    .execute();
  return { user, token };
}
