import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import type { Kysely, Transaction } from 'kysely';
import {
  birthdateError,
  type CalendarDate,
  formatBirthdate,
  parseBirthdate,
} from '../../../shared/birthdate';
import type { AuthResponse, OwnUser } from '../../../shared/schemas/accounts';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import type { Database, UserRow } from '../../db/database';
import { revokeSessionsOf } from './revoke-sessions';
import { publish } from '../../events';
import { apiError } from '../../http-error';
import { hashToken } from '../../plugins/auth';
import { activationMail, resetMail } from './accounts.mails';
import { presentOwnUser } from './accounts.presenter';
import { releaseUsernameIfHeldTooLong } from '../account-data/account-data.service';
import { assertNotSuspended } from '../members/members.service';
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
function birthdateToStore(deps: Deps, text: string): string {
  const error = birthdateError(text, todayAt(deps.clock.now()));
  const date = parseBirthdate(text);
  if (error || !date) throw birthdateProblem(error);
  const [day, month, year] = formatBirthdate(date).split('/');
  return `${year}-${month}-${day}`;
}

/** Too young has its own code; any other birthdate problem is a validation answer with its rule's text. */
function birthdateProblem(error: string | null) {
  if (error === VALIDATION_MESSAGES.birthdateTooYoung) return apiError('too_young');
  return apiError('validation', error ?? VALIDATION_MESSAGES.birthdateFormat);
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
  deps: Deps,
  input: { username: string; email: string; password: string; birthdate: string },
): Promise<void> {
  const birthdate = birthdateToStore(deps, input.birthdate);
  await releaseUsernameIfHeldTooLong(deps.db, input.username, deps.clock.now());
  if (await repo.usernameTaken(deps.db, input.username)) throw apiError('username_taken');
  if (await repo.emailTaken(deps.db, input.email)) throw apiError('email_taken');
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  let user: UserRow;
  try {
    user = await repo.insertUser(deps.db, {
      username: input.username,
      email: input.email,
      passwordHash,
      birthdate,
      isAdmin: false,
      isActive: false,
      createdAt: now,
    });
  } catch (error) {
    // Another registration took the name or the address between the check and the insert.
    if (!isUniqueViolation(error)) throw error;
    if (await repo.usernameTaken(deps.db, input.username)) throw apiError('username_taken');
    throw apiError('email_taken');
  }
  try {
    await deps.mailer.send(await activationMail(deps, user));
  } catch (error) {
    // The account stays; the mail is kept (as kind and user, never as a link) for pending-mails.ts.
    deps.log.warn({ err: error, userId: user.id }, 'activation mail failed; kept for a retry');
    await repo.insertPendingMail(deps.db, {
      kind: 'activation',
      userId: user.id,
      now,
      nextAttemptAt: now + FIRST_MAIL_RETRY_MS,
      error: String((error as Error)?.message ?? error).slice(0, 500),
    });
    throw apiError('activation_mail_failed');
  }
}

export async function activate(deps: Deps, value: string): Promise<AuthResponse> {
  const now = deps.clock.now();
  const opened = openLink(deps.config.secretKey, value, 'activation', now);
  if (opened.status === 'invalid') throw apiError('activation_invalid');
  const user = await repo.findUserById(deps.db, opened.claims.userId);
  if (!user) throw apiError('activation_invalid');
  if (user.is_active === 1) throw apiError('already_active');
  if (opened.status === 'old') throw apiError('activation_expired');
  const token = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.activateUser(trx, user.id, now))) throw apiError('already_active');
    return createSession(trx, user.id, now);
  });
  return { user: presentOwnUser({ ...user, is_active: 1, activated_at: now }), token };
}

/**
 * A wrong email and a wrong password get the same answer after about the same time, so the
 * answer does not tell which addresses have accounts. Inactive shows only with the right password.
 */
export async function login(deps: Deps, email: string, password: string): Promise<AuthResponse> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) {
    await spendVerificationTime(password);
    throw apiError('wrong_credentials');
  }
  if (!(await verifyPassword(user.password_hash, password))) throw apiError('wrong_credentials');
  if (user.is_active !== 1) throw apiError('inactive');
  assertNotSuspended(user, deps.clock.now());
  const token = await createSession(deps.db, user.id, deps.clock.now());
  return { user: presentOwnUser(user), token };
}

export async function logout(deps: Deps, token: string | null): Promise<void> {
  if (!token) return;
  // Every instance closes the live-update streams opened with this session.
  await deps.db.transaction().execute(async (trx) => {
    for (const sessionId of await repo.deleteSession(trx, hashToken(token))) {
      await publish(trx, { type: 'session.revoked', sessionId });
    }
  });
}

export async function forgotPassword(deps: Deps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) throw apiError('unknown_email');
  if (user.is_active !== 1) throw apiError('inactive');
  try {
    await deps.mailer.send(await resetMail(deps, user));
  } catch (error) {
    deps.log.warn({ err: error, userId: user.id }, 'password reset mail failed');
    throw apiError('reset_mail_failed');
  }
}

/** The user a reset link is for, when it is authentic, recent and not spent. */
async function resetLinkUser(deps: Deps, value: string) {
  const opened = openLink(deps.config.secretKey, value, 'reset', deps.clock.now());
  if (opened.status === 'invalid') throw apiError('reset_link_invalid');
  if (opened.status === 'old') throw apiError('reset_link_expired');
  const user = await repo.findUserById(deps.db, opened.claims.userId);
  if (user?.is_active !== 1) throw apiError('reset_link_invalid');
  if (user.password_version !== opened.claims.passwordVersion) throw apiError('reset_link_used');
  return { user, version: opened.claims.passwordVersion };
}

export async function validateResetLink(deps: Deps, value: string): Promise<void> {
  await resetLinkUser(deps, value);
}

/** Sets the new password once per link and signs the user out everywhere. */
export async function resetPassword(deps: Deps, value: string, password: string): Promise<void> {
  const { user, version } = await resetLinkUser(deps, value);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.setPassword(trx, user.id, passwordHash, version))) throw apiError('reset_link_used');
    await revokeSessionsOf(trx, user.id);
  });
}

/** Keeps the session that made the change and ends the others (another device may be an intruder's). */
export async function changePassword(
  deps: Deps,
  user: UserRow,
  password: string,
  currentToken: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, user.id, passwordHash);
    await revokeSessionsOf(trx, user.id, { keepTokenHash: hashToken(currentToken) });
  });
}

/** A new address is a new credential: every session ends and the answer carries a new token (docs/product.md §3). */
export async function changeEmail(deps: Deps, user: UserRow, email: string): Promise<AuthResponse> {
  if (await repo.emailTaken(deps.db, email, user.id)) throw apiError('value_taken');
  const now = deps.clock.now();
  try {
    const token = await deps.db.transaction().execute(async (trx) => {
      await repo.setEmail(trx, user.id, email);
      await revokeSessionsOf(trx, user.id);
      return createSession(trx, user.id, now);
    });
    return { user: presentOwnUser({ ...user, email, email_key: email.toLowerCase() }), token };
  } catch (error) {
    if (isUniqueViolation(error)) throw apiError('value_taken');
    throw error;
  }
}

export async function changeBirthdate(deps: Deps, user: UserRow, birthdate: string): Promise<OwnUser> {
  const stored = birthdateToStore(deps, birthdate);
  await repo.setBirthdate(deps.db, user.id, stored);
  return presentOwnUser({ ...user, birthdate: stored });
}
