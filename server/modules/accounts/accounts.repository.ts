import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, NewUser, UserRow } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The active, unsuspended user of an unexpired session. The one place suspension is enforced on
 * requests: a suspended user is a guest to every route and stream, so each write answers 401
 * (their sessions also end when the suspension starts).
 */
function sessionUsers(db: Db, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', 1)
    .where((eb) => eb.or([eb('users.suspended_until', 'is', null), eb('users.suspended_until', '<=', now)]));
}

/**
 * Asked on every logged-in request but those of the public routes (server/plugins/auth.ts), so
 * compiled once (placeholders no column value can equal).
 */
const sessionUserByTokenHash = compiledOnce(
  (db, tokenHash: string, now: number) => sessionUsers(db, now).where('sessions.token_hash', '=', tokenHash),
  ['\u0000token-hash', Number.MIN_SAFE_INTEGER + 1] as const,
);

/** The user of a bearer token, by the hash of the token. */
export async function findSessionUser(db: Db, tokenHash: string, now: number): Promise<UserRow | undefined> {
  const [user] = await sessionUserByTokenHash(db, tokenHash, now);
  return user;
}

/** The user of a session still live (not logged out, not expired), by its id: event-stream tickets. */
export function findSessionUserById(
  db: Db,
  sessionId: number,
  userId: number,
  now: number,
): Promise<UserRow | undefined> {
  return sessionUsers(db, now)
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .executeTakeFirst();
}

/** The live session of a bearer token's hash. */
export function findSessionId(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_key', '=', email.toLowerCase()).executeTakeFirst();
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email_key', '=', email.toLowerCase());
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new account as the services, the commands and the test factories describe it. */
export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string;
  birthdate: string | null;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: number;
}

/**
 * The users row of a new account. The lower-case keys that keep names and addresses unique whatever
 * their case are derived here; an active account counts as activated when created. The bench
 * generator writes these rows in bulk.
 */
export function newUserRow(account: NewAccount): NewUser {
  return {
    username: account.username,
    username_key: account.username.toLowerCase(),
    email: account.email,
    email_key: account.email.toLowerCase(),
    password_hash: account.passwordHash,
    birthdate: account.birthdate,
    is_admin: account.isAdmin ? 1 : 0,
    is_active: account.isActive ? 1 : 0,
    created_at: account.createdAt,
    activated_at: account.isActive ? account.createdAt : null,
  };
}

/** The one write of a new user: registration, create-admin, the demo seed and the test factories. */
export function insertUser(db: Db, account: NewAccount): Promise<UserRow> {
  return db.insertInto('users').values(newUserRow(account)).returningAll().executeTakeFirstOrThrow();
}

/** Activates an inactive user; false when it was already active (a second click, or a race). */
export async function activateUser(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ is_active: 1, activated_at: now })
    .where('id', '=', id)
    .where('is_active', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Sets a new password hash and raises the password version. With `expectedVersion` it changes
 * nothing unless the version still matches, so a reset link is spent exactly once even when two
 * requests race with it.
 */
export async function setPassword(
  db: Db,
  id: number,
  passwordHash: string,
  expectedVersion?: number,
): Promise<boolean> {
  let query = db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, password_version: eb('password_version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('password_version', '=', expectedVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setEmail(db: Db, id: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email, email_key: email.toLowerCase() }).where('id', '=', id).execute();
}

export async function setBirthdate(db: Db, id: number, isoDate: string): Promise<void> {
  await db.updateTable('users').set({ birthdate: isoDate }).where('id', '=', id).execute();
}

export async function insertSession(
  db: Db,
  session: { userId: number; tokenHash: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** Deletes a session; answers its id (none for an unknown token). */
export async function deleteSession(db: Db, tokenHash: string): Promise<number[]> {
  const rows = await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('id').execute();
  return rows.map((row) => row.id);
}

/** Revokes every session of a user, or every one but `keepTokenHash`. */
export async function deleteUserSessions(db: Db, userId: number, keepTokenHash?: string): Promise<number[]> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

export async function deleteExpiredSessions(db: Db, userId: number, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}

export async function insertPendingMail(
  db: Db,
  mail: { kind: 'activation'; userId: number; now: number; nextAttemptAt: number; error: string },
): Promise<void> {
  await db
    .insertInto('pending_mails')
    .values({
      kind: mail.kind,
      user_id: mail.userId,
      next_attempt_at: mail.nextAttemptAt,
      last_error: mail.error,
      created_at: mail.now,
    })
    .execute();
}

export function findDuePendingMails(db: Db, now: number, limit: number) {
  return db
    .selectFrom('pending_mails')
    .selectAll()
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a due mail for this instance by moving its next attempt on; false when another instance
 * took it first (it changed `next_attempt_at` already), so a mail is not sent twice.
 */
export async function claimPendingMail(
  db: Db,
  mail: { id: number; seenNextAttemptAt: number; nextAttemptAt: number },
): Promise<boolean> {
  const result = await db
    .updateTable('pending_mails')
    .set((eb) => ({ next_attempt_at: mail.nextAttemptAt, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', mail.id)
    .where('next_attempt_at', '=', mail.seenNextAttemptAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordPendingMailError(db: Db, id: number, error: string): Promise<void> {
  await db.updateTable('pending_mails').set({ last_error: error }).where('id', '=', id).execute();
}

export async function deletePendingMail(db: Db, id: number): Promise<void> {
  await db.deleteFrom('pending_mails').where('id', '=', id).execute();
}
