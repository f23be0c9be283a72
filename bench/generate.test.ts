import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../shared/hebrew';
import { connectDatabase } from '../server/db/connect';
import type { Database } from '../server/db/database';
import { verifyPassword } from '../server/modules/accounts/password';
import { messagePlainText, previewText, sanitizeMessage } from '../server/modules/markup/markup';
import { createPostgresTestDatabase, TEST_DATABASE_KINDS } from '../server/test/databases';
import { activityTimestamp } from '../server/modules/topics/topics.repository';
import {
  BENCH_PASSWORD,
  type DatabaseTarget,
  type DatasetSummary,
  generateDataset,
  messageContent,
} from './generate';

const SIZE = { forums: 2, users: 30, topics: 50, messages: 600, likes: 200, reports: 12 };
const NOW = Date.UTC(2026, 10, 1);

/** A fresh, empty database of each kind the server suites run on. */
async function emptyDatabase(kind: 'sqlite' | 'postgres') {
  const name = `forum_bench_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (kind === 'sqlite') {
    const dir = `/tmp/${name}`;
    mkdirSync(dir, { recursive: true });
    const target: DatabaseTarget = { kind: 'sqlite', file: `${dir}/forum.sqlite` };
    return { target, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await createPostgresTestDatabase('forum_bench_test');
  const target: DatabaseTarget = { kind: 'postgres', url };
  return { target, drop };
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`bench dataset generator [${kind}]`, () => {
    let db: Kysely<Database>;
    let summary: DatasetSummary;
    let drop: () => Promise<void> = async () => {};

    beforeAll(async () => {
      const created = await emptyDatabase(kind);
      drop = created.drop;
      summary = await generateDataset(created.target, { ...SIZE, seed: 7, now: NOW, spanDays: 30 });
      db = connectDatabase(created.target);
    });

    afterAll(async () => {
      await db?.destroy();
      await drop();
    });

    it('writes the requested number of rows of each kind', async () => {
      const count = async (table: keyof Database) =>
        Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(await count('forums')).toBe(SIZE.forums);
      expect(await count('users')).toBe(SIZE.users);
      expect(await count('topics')).toBe(SIZE.topics);
      expect(await count('messages')).toBe(SIZE.messages);
      expect(await count('likes')).toBe(SIZE.likes);
      expect(await count('message_reports')).toBe(SIZE.reports);
    });

    it('gives each topic the id of its first message, the right reply count and a unique timestamp', async () => {
      const topics = await db.selectFrom('topics').selectAll().execute();
      const messages = await db.selectFrom('messages').selectAll().orderBy('id').execute();
      expect(messages.map((message) => message.id)).toEqual(messages.map((_, index) => index + 1));
      const byTopic = new Map<number, typeof messages>();
      for (const message of messages) {
        expect(message.topic_id).not.toBeNull();
        const list = byTopic.get(message.topic_id ?? 0) ?? [];
        list.push(message);
        byTopic.set(message.topic_id ?? 0, list);
      }
      expect([...byTopic.keys()].sort((a, b) => a - b)).toEqual(
        topics.map((t) => t.id).sort((a, b) => a - b),
      );
      for (const topic of topics) {
        const own = byTopic.get(topic.id) ?? [];
        const main = own[0];
        const last = own[own.length - 1];
        expect(main?.id).toBe(topic.id);
        expect(topic.replies).toBe(own.length - 1);
        expect(topic.created_at).toBe(main?.created_at);
        expect(topic.timestamp).toBe(activityTimestamp(last?.created_at ?? 0, topic.id));
        expect(topic.preview).toBe(previewText(messagePlainText(main?.content ?? '')));
        expect(topic.subject_search).toBe(normalizeForSearch(topic.subject));
        expect(topic.subject.length).toBeGreaterThan(0);
        expect(topic.subject.length).toBeLessThanOrEqual(40);
        expect(topic.image).toMatch(/-big\.webp$/);
      }
      expect(new Set(topics.map((topic) => topic.timestamp)).size).toBe(topics.length);
      // Some topics are busy: the topic `more` benchmark needs pages to turn.
      expect(Math.max(...topics.map((topic) => topic.replies))).toBeGreaterThan(20);
      expect(summary.largestTopics[0]?.replies).toBe(Math.max(...topics.map((topic) => topic.replies)));
    });

    it('stores message bodies exactly as the sanitiser would, with the matching search text', async () => {
      const messages = await db.selectFrom('messages').selectAll().execute();
      const bodies = messages.map((message) => message.content).join('\n');
      // The spec's markup, Hebrew prefixes and niqqud all turn up in a few hundred messages.
      for (const fragment of ['<p>', '<b>', '<blockquote>', '<img src="/emoji/', 'target="_blank"']) {
        expect(bodies).toContain(fragment);
      }
      expect(bodies).toMatch(/[\u0591-\u05C7]/);
      for (const message of messages) {
        expect(sanitizeMessage(message.content)).toBe(message.content);
        expect(message.content_search).toBe(normalizeForSearch(messagePlainText(message.content)));
      }
    });

    it('fills the search index of the migrated schema', async () => {
      const needle = 'שלום';
      const expected = (
        await db
          .selectFrom('messages')
          .select('id')
          .where('content_search', 'like', `%${needle}%`)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      if (kind === 'sqlite') {
        const found = await sql<{
          id: number;
        }>`SELECT rowid AS id FROM messages_fts WHERE messages_fts MATCH ${`"${needle}"`} ORDER BY rowid`.execute(
          db,
        );
        expect(found.rows.map((row) => row.id)).toEqual(expected);
        // The triggers are back, so the server's own writes keep the index current.
        const triggers = await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'messages'`.execute(db);
        expect(triggers.rows.length).toBeGreaterThan(0);
      } else {
        const indexes = await sql<{
          indexname: string;
        }>`SELECT indexname FROM pg_indexes WHERE tablename = 'messages' AND indexdef ILIKE '%gin_trgm_ops%'`.execute(
          db,
        );
        expect(indexes.rows.length).toBeGreaterThan(0);
      }
    });

    it('gives every user the bench password, flags of 0 or 1, and leaves id sequences after the data', async () => {
      const users = await db.selectFrom('users').selectAll().execute();
      expect(new Set(users.map((user) => user.password_hash)).size).toBe(1);
      expect(await verifyPassword(users[0]?.password_hash ?? '', BENCH_PASSWORD)).toBe(true);
      expect(users.filter((user) => user.is_admin === 1)).toHaveLength(1);
      for (const user of users) {
        expect([0, 1]).toContain(user.is_admin);
        expect(user.is_active).toBe(1);
      }
      for (const report of await db.selectFrom('message_reports').selectAll().execute()) {
        expect([0, 1]).toContain(report.is_open);
      }
      const inserted = await db
        .insertInto('users')
        .values({
          username: 'חדש',
          username_key: 'חדש',
          email: 'new@example.test',
          email_key: 'new@example.test',
          password_hash: 'x',
          is_admin: 0,
          is_active: 0,
          created_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(inserted.id).toBe(SIZE.users + 1);
    });

    it('is deterministic: a message body depends only on the seed and the id', () => {
      expect(messageContent(7, 42)).toEqual(messageContent(7, 42));
      expect(messageContent(7, 42).html).not.toBe(messageContent(8, 42).html);
    });
  });
}
