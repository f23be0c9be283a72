import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normalizeForSearch } from '../../shared/hebrew';
import type { Database, MessageRow, TopicRow, UserRow } from '../db/database';
import { prepareMessageContent } from '../modules/markup/markup';
import { insertMessage, setMessageTopic } from '../modules/messages/messages.repository';
import { insertTopic, refreshTopicActivity, uniqueTimestamp } from '../modules/topics/topics.repository';
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

export interface TestTopic {
  topic: TopicRow;
  mainMessage: MessageRow;
}

/**
 * A topic with its main message, written the way POST /api/topic writes one (same id for both,
 * sanitised content, preview, unique order key) but with a fixed image name and no download.
 */
export async function createTopic(
  db: Kysely<Database>,
  options: { userId: number; forumId?: number; subject?: string; content?: string; now?: number },
): Promise<TestTopic> {
  sequence += 1;
  const subject = options.subject ?? `נושא ${sequence}`;
  const prepared = prepareMessageContent(options.content ?? `<p>הודעה ראשית ${sequence}</p>`);
  const now = options.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    const main = await insertMessage(trx, {
      topicId: null,
      userId: options.userId,
      content: prepared.content,
      contentSearch: prepared.contentSearch,
      createdAt: now,
    });
    const topic = await insertTopic(trx, {
      id: main.id,
      forum_id: options.forumId ?? 1,
      user_id: options.userId,
      subject,
      subject_search: normalizeForSearch(subject),
      image: 'test-topic-big.webp',
      preview: prepared.preview,
      replies: 0,
      created_at: now,
      timestamp: await uniqueTimestamp(trx, now, main.id),
    });
    await setMessageTopic(trx, main.id, topic.id);
    return { topic, mainMessage: { ...main, topic_id: topic.id } };
  });
}

/** A reply, written as POST /api/message writes one (the topic's count and order key follow). */
export async function createReply(
  db: Kysely<Database>,
  options: { topicId: number; userId: number; content?: string; now?: number },
): Promise<MessageRow> {
  sequence += 1;
  const prepared = prepareMessageContent(options.content ?? `<p>תגובה ${sequence}</p>`);
  return db.transaction().execute(async (trx) => {
    const reply = await insertMessage(trx, {
      topicId: options.topicId,
      userId: options.userId,
      content: prepared.content,
      contentSearch: prepared.contentSearch,
      createdAt: options.now ?? Date.now(),
    });
    await refreshTopicActivity(trx, options.topicId);
    return reply;
  });
}
