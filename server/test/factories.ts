import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, MessageRow, TopicRow, UserRow } from '../db/database';
import { insertSession, insertUser } from '../modules/accounts/accounts.repository';
import { hashPassword } from '../modules/accounts/password';
import { prepareMessageContent } from '../modules/markup/markup';
import { insertReply, insertTopicWithMainMessage } from '../modules/topics/topics.repository';
import { hashToken } from '../plugins/auth';

let sequence = 0;

export interface TestUser {
  user: UserRow;
  token: string;
}

/** A user with a live session, written by the repository's insertUser (the account flows have their own tests). */
export async function createUser(
  db: Kysely<Database>,
  options: {
    admin?: boolean;
    active?: boolean;
    username?: string;
    email?: string;
    now?: number;
    /** A password the user can log in or confirm with; without one, no password matches. */
    password?: string;
  } = {},
): Promise<TestUser> {
  sequence += 1;
  const suffix = `${process.pid}${sequence}${randomBytes(2).toString('hex')}`;
  const now = options.now ?? Date.now();
  const user = await insertUser(db, {
    username: options.username ?? `משתמש${suffix}`,
    email: options.email ?? `user${suffix}@example.test`,
    passwordHash: options.password === undefined ? 'no-password' : await hashPassword(options.password),
    birthdate: '1995-01-01',
    isAdmin: options.admin === true,
    isActive: options.active !== false,
    createdAt: now,
  });
  return signIn(db, user, now);
}

/** Another live session of the same user, as a second device has. */
export async function signIn(db: Kysely<Database>, user: UserRow, now = Date.now()): Promise<TestUser> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, { userId: user.id, tokenHash: hashToken(token), now, expiresAt: now + 1e12 });
  return { user, token };
}

export interface TestTopic {
  topic: TopicRow;
  mainMessage: MessageRow;
}

/**
 * A topic with its main message, written by the same insertTopicWithMainMessage as POST /api/topic,
 * but with a fixed image name and no download.
 */
export async function createTopic(
  db: Kysely<Database>,
  options: { userId: number; forumId?: number; subject?: string; content?: string; now?: number },
): Promise<TestTopic> {
  sequence += 1;
  const body = prepareMessageContent(options.content ?? `<p>הודעה ראשית ${sequence}</p>`);
  return db.transaction().execute((trx) =>
    insertTopicWithMainMessage(trx, {
      forumId: options.forumId ?? 1,
      userId: options.userId,
      subject: options.subject ?? `נושא ${sequence}`,
      body,
      image: 'test-topic-big.webp',
      createdAt: options.now ?? Date.now(),
    }),
  );
}

/** A reply, written by the same insertReply as POST /api/message (the topic's count and order key follow). */
export async function createReply(
  db: Kysely<Database>,
  options: { topicId: number; userId: number; content?: string; now?: number },
): Promise<MessageRow> {
  sequence += 1;
  const body = prepareMessageContent(options.content ?? `<p>תגובה ${sequence}</p>`);
  const written = await db.transaction().execute((trx) =>
    insertReply(trx, {
      topicId: options.topicId,
      userId: options.userId,
      body,
      createdAt: options.now ?? Date.now(),
    }),
  );
  if (!written) throw new Error(`no topic ${options.topicId}`);
  return written.reply;
}
