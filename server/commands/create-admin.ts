import type { Kysely } from 'kysely';
import { z } from 'zod';
import { emailField, passwordField, usernameField } from '../../shared/schemas/accounts';
import type { Database, UserRow } from '../db/database';
import { hashPassword } from '../modules/accounts/password';
import { emailTaken, insertUser, usernameTaken } from '../modules/accounts/accounts.repository';

export class CommandError extends Error {
  override name = 'CommandError';
}

const adminInput = z.object({ username: usernameField, email: emailField, password: passwordField });

/**
 * An active admin, ready to log in: the same rules as registration (shared schemas), argon2id
 * like every password, no activation mail. Refuses a taken username or email rather than
 * touching an existing account.
 */
export async function createAdmin(
  db: Kysely<Database>,
  input: { username?: string; email?: string; password?: string },
  now: number,
): Promise<UserRow> {
  const parsed = adminInput.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
    throw new CommandError(`create-admin: bad input\n${lines.join('\n')}`);
  }
  const { username, email, password } = parsed.data;
  if (await usernameTaken(db, username))
    throw new CommandError(`create-admin: username "${username}" is taken`);
  if (await emailTaken(db, email)) throw new CommandError(`create-admin: email "${email}" is taken`);
  const passwordHash = await hashPassword(password);
  return insertUser(db, {
    username,
    email,
    passwordHash,
    birthdate: null,
    isAdmin: true,
    isActive: true,
    createdAt: now,
  });
}
