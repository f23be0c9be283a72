import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  birthdateError,
  type CalendarDate,
  formatBirthdate,
  parseBirthdate,
} from '../../../shared/birthdate';
import type { AuthResponse, OwnUser } from '../../../shared/schemas/accounts';
import type { Database, UserRow } from '../../db/database';
import { publish } from '../../events';
import { hashToken } from '../../plugins/auth';
import { activationMail, resetMail } from './accounts.mails';
import { accountErrors } from './accounts.messages';
import { presentOwnUser } from './accounts.presenter';
import * as repo from './accounts.repository';
import { openLink } from './links';
import { hashPassword, spendVerificationTime, verifyPassword } from './password';
import { VALIDITY_MS } from './validity';

type Db = Kysely<Database> | Transaction<Database>;

/** A first retry soon after a failed activation mail; pending-mails.ts backs off from there. */
export const FIRST_MAIL_RETRY_MS = 60_000;

/** Birthdays turn over in Israel, where the forum's users are, not in the server's time zone. */
const FORUM_TIME_ZONE = 'Asia/Jerusalem';

export function todayAt(now: number): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: FORUM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(now));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** A checked `dd/mm/yyyy` birthdate as stored (`yyyy-mm-dd`), or a Hebrew 400. */
function birthdateToStore(app: FastifyInstance, text: string): string {
  const error = birthdateError(text, todayAt(app.clock.now()));
  const date = parseBirthdate(text);
  if (error || !date) throw accountErrors.tooYoung(error ?? '');
  const [day, month, year] = formatBirthdate(date).split('/');
  return `${year}-${month}-${day}`;
}

/** A new random bearer token; only its hash is stored, with an expiry. */
async function createSession(db: Db, userId: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.deleteExpiredSessions(db, userId, now);
  await repo.insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    now,
    expiresAt: now + VALIDITY_MS.session,
  });
  return token;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT'));
}

export async function register(
  app: FastifyInstance,
  input: { username: string; email: string; password: string; birthdate: string },
): Promise<void> {
  const birthdate = birthdateToStore(app, input.birthdate);
  if (await repo.usernameTaken(app.db, input.username)) throw accountErrors.usernameTaken();
  if (await repo.emailTaken(app.db, input.email)) throw accountErrors.emailTaken();
  const passwordHash = await hashPassword(input.password);
  const now = app.clock.now();
  let user: UserRow;
  try {
    user = await repo.insertUser(app.db, {
      username: input.username,
      username_key: input.username.toLowerCase(),
      email: input.email,
      email_key: input.email.toLowerCase(),
      password_hash: passwordHash,
      birthdate,
      is_admin: 0,
      is_active: 0,
      created_at: now,
      activated_at: null,
    });
  } catch (error) {
    // Another registration took the name or the address between the check and the insert.
    if (!isUniqueViolation(error)) throw error;
    if (await repo.usernameTaken(app.db, input.username)) throw accountErrors.usernameTaken();
    throw accountErrors.emailTaken();
  }
  try {
    await app.mailer.send(activationMail(app, user));
  } catch (error) {
    // The account stays; the mail is kept (as kind and user, never as a link) for pending-mails.ts.
    app.log.warn({ err: error, userId: user.id }, 'activation mail failed; kept for a retry');
    await repo.insertPendingMail(app.db, {
      kind: 'activation',
      userId: user.id,
      now,
      nextAttemptAt: now + FIRST_MAIL_RETRY_MS,
      error: String((error as Error)?.message ?? error).slice(0, 500),
    });
    throw accountErrors.activationMailFailed();
  }
}

export async function activate(app: FastifyInstance, value: string): Promise<AuthResponse> {
  const now = app.clock.now();
  const opened = openLink(app.config.secretKey, value, 'activation', now);
  if (opened.status === 'invalid') throw accountErrors.activationInvalid();
  const user = await repo.findUserById(app.db, opened.claims.userId);
  if (!user) throw accountErrors.activationInvalid();
  if (user.is_active === 1) throw accountErrors.alreadyActive();
  if (opened.status === 'old') throw accountErrors.activationOld();
  const token = await app.db.transaction().execute(async (trx) => {
    if (!(await repo.activateUser(trx, user.id, now))) throw accountErrors.alreadyActive();
    return createSession(trx, user.id, now);
  });
  return { user: presentOwnUser({ ...user, is_active: 1, activated_at: now }), token };
}

/**
 * A wrong email and a wrong password get the same answer after about the same time, so the
 * answer does not tell which addresses have accounts. Inactive shows only with the right password.
 */
export async function login(app: FastifyInstance, email: string, password: string): Promise<AuthResponse> {
  const user = await repo.findUserByEmail(app.db, email);
  if (!user) {
    await spendVerificationTime(password);
    throw accountErrors.wrongCredentials();
  }
  if (!(await verifyPassword(user.password_hash, password))) throw accountErrors.wrongCredentials();
  if (user.is_active !== 1) throw accountErrors.inactiveLogin();
  const token = await createSession(app.db, user.id, app.clock.now());
  return { user: presentOwnUser(user), token };
}

export async function logout(app: FastifyInstance, token: string | null): Promise<void> {
  if (!token) return;
  // Every instance closes the live-update streams opened with this session.
  await app.db.transaction().execute(async (trx) => {
    for (const sessionId of await repo.deleteSession(trx, hashToken(token))) {
      await publish(trx, { type: 'session.revoked', sessionId });
    }
  });
}

export async function forgotPassword(app: FastifyInstance, email: string): Promise<void> {
  const user = await repo.findUserByEmail(app.db, email);
  if (!user) throw accountErrors.forgotUnknownEmail();
  if (user.is_active !== 1) throw accountErrors.forgotInactive();
  try {
    await app.mailer.send(resetMail(app, user));
  } catch (error) {
    app.log.warn({ err: error, userId: user.id }, 'password reset mail failed');
    throw accountErrors.resetMailFailed();
  }
}

/** The user a reset link is for, when it is authentic, recent and not spent. */
async function resetLinkUser(app: FastifyInstance, value: string) {
  const opened = openLink(app.config.secretKey, value, 'reset', app.clock.now());
  if (opened.status === 'invalid') throw accountErrors.resetInvalid();
  if (opened.status === 'old') throw accountErrors.resetOld();
  const user = await repo.findUserById(app.db, opened.claims.userId);
  if (user?.is_active !== 1) throw accountErrors.resetInvalid();
  if (user.password_version !== opened.claims.passwordVersion) throw accountErrors.resetUsed();
  return { user, version: opened.claims.passwordVersion };
}

export async function validateResetLink(app: FastifyInstance, value: string): Promise<void> {
  await resetLinkUser(app, value);
}

/** Sets the new password once per link and signs the user out everywhere. */
export async function resetPassword(app: FastifyInstance, value: string, password: string): Promise<void> {
  const { user, version } = await resetLinkUser(app, value);
  const passwordHash = await hashPassword(password);
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.setPassword(trx, user.id, passwordHash, version))) throw accountErrors.resetUsed();
    await repo.deleteUserSessions(trx, user.id);
  });
}

/** Keeps the session that made the change and ends the others (another device may be an intruder's). */
export async function changePassword(
  app: FastifyInstance,
  user: UserRow,
  password: string,
  currentToken: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await app.db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, user.id, passwordHash);
    await repo.deleteUserSessions(trx, user.id, hashToken(currentToken));
  });
}

/** A new address is a new credential: every session ends and the answer carries a new token (§3). */
export async function changeEmail(app: FastifyInstance, user: UserRow, email: string): Promise<AuthResponse> {
  if (await repo.emailTaken(app.db, email, user.id)) throw accountErrors.profileValueTaken();
  const now = app.clock.now();
  try {
    const token = await app.db.transaction().execute(async (trx) => {
      await repo.setEmail(trx, user.id, email);
      await repo.deleteUserSessions(trx, user.id);
      return createSession(trx, user.id, now);
    });
    return { user: presentOwnUser({ ...user, email, email_key: email.toLowerCase() }), token };
  } catch (error) {
    if (isUniqueViolation(error)) throw accountErrors.profileValueTaken();
    throw error;
  }
}

export async function changeBirthdate(
  app: FastifyInstance,
  user: UserRow,
  birthdate: string,
): Promise<OwnUser> {
  const stored = birthdateToStore(app, birthdate);
  await repo.setBirthdate(app.db, user.id, stored);
  return presentOwnUser({ ...user, birthdate: stored });
}
