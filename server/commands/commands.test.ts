import { readFileSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../../shared/hebrew';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedForums } from '../db/seed-forums';
import { verifyPassword } from '../modules/accounts/password';
import { messagePlainText, previewText, sanitizeMessage } from '../modules/markup/markup';
import { activityTimestamp } from '../modules/topics/topics.repository';
import { describeEachDatabase } from '../test/databases';
import { createUser } from '../test/factories';
import { apiClient } from '../test/http';
import { backupDatabase } from './backup';
import { CommandError, createAdmin } from './create-admin';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const tempPath = (name: string) =>
  `/tmp/forum-cli-test-${process.pid}-${Math.random().toString(36).slice(2)}-${name}`;

async function freshSqlite(file = ':memory:') {
  const db = connectDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  await seedForums(db);
  return db;
}

describeEachDatabase('create-admin', (ctx) => {
  it('creates an active admin whose password is hashed with argon2id', async () => {
    const admin = await createAdmin(
      ctx.db,
      { username: 'מנהלת', email: 'Admin@Example.com', password: 'a-long-password' },
      NOW,
    );
    expect(admin).toMatchObject({ username: 'מנהלת', email: 'Admin@Example.com', is_admin: 1, is_active: 1 });
    expect(admin.email_key).toBe('admin@example.com');
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.password_hash, 'a-long-password')).toBe(true);
  });

  it('refuses bad input and taken names, changing nothing', async () => {
    const before = await ctx.db.selectFrom('users').select('id').execute();
    const attempts = [
      { username: 'x', email: 'ok@example.com', password: 'a-long-password' },
      { username: 'שם תקין', email: 'not-an-email', password: 'a-long-password' },
      { username: 'שם תקין', email: 'ok@example.com', password: 'short' },
      { username: 'שם תקין', email: 'ok@example.com' },
      { username: 'מנהלת', email: 'other@example.com', password: 'a-long-password' },
      { username: 'אחרת', email: 'admin@example.com', password: 'a-long-password' },
    ];
    for (const input of attempts) {
      await expect(createAdmin(ctx.db, input, NOW)).rejects.toBeInstanceOf(CommandError);
    }
    await expect(createAdmin(ctx.db, attempts[1] ?? {}, NOW)).rejects.toThrow('יש להזין כתובת אימייל תקינה');
    expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });
});

describeEachDatabase('seed-demo', (ctx) => {
  const topicCount = 80;

  it('fills the forum with users, topics, replies, likes, reports and images', {
    timeout: 90_000,
  }, async () => {
    const summary = await seedDemo(ctx.db, {
      seed: 7,
      now: NOW,
      topics: topicCount,
      ownCovers: 3,
      publicUrl: 'http://forum.test',
    });
    expect(summary.users).toBeGreaterThanOrEqual(24);
    expect(summary.topics).toBe(topicCount);
    expect(summary.messages).toBeGreaterThan(topicCount * 5);
    expect(summary.likes).toBeGreaterThan(summary.topics);
    expect(summary.reports).toBeGreaterThanOrEqual(3);
    expect(summary.images).toBeGreaterThanOrEqual(2 * 10);
  });

  it('writes messages as the API would: sanitised, searchable, previews, counts and order keys right', async () => {
    const topics = await ctx.db.selectFrom('topics').selectAll().execute();
    const messages = await ctx.db.selectFrom('messages').selectAll().orderBy('id').execute();
    expect(topics).toHaveLength(topicCount);
    expect(new Set(topics.map((topic) => topic.timestamp)).size).toBe(topics.length);
    expect(new Set(messages.map((message) => message.created_at)).size).toBe(messages.length);
    for (const message of messages) {
      expect(message.content).toBe(sanitizeMessage(message.content));
      expect(message.content_search).toBe(normalizeForSearch(messagePlainText(message.content)));
      expect(message.created_at).toBeLessThan(NOW);
    }
    for (const topic of topics) {
      const own = messages.filter((message) => message.topic_id === topic.id);
      const [main] = own;
      expect(main?.id).toBe(topic.id);
      expect(topic.replies).toBe(own.length - 1);
      expect(topic.preview).toBe(previewText(messagePlainText(main?.content ?? '')));
      const newest = Math.max(...own.map((message) => message.created_at));
      expect(topic.timestamp).toBe(activityTimestamp(newest, topic.id));
      const times = own.map((message) => message.created_at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(topic.subject.length).toBeLessThanOrEqual(40);
      expect(topic.subject).toMatch(/[\u0590-\u05FF]/);
    }
    const all = messages.map((message) => message.content).join('\n');
    expect(all).toContain('<blockquote>');
    expect(all).toMatch(/<pre><code class="language-/);
    expect(all).toMatch(/<a href="https:\/\/[^"]+" target="_blank" rel="noopener noreferrer nofollow ugc">/);
    expect(all).toMatch(/<img src="\/emoji\/[0-9a-f]+\.svg"/);
    expect(all).toMatch(/<img src="http:\/\/forum\.test\/api\/images\/[0-9a-f]{24}-small\.webp"/);
    expect(all).toMatch(/<(b|i|u)>/);
    expect(new Set(topics.map((topic) => topic.forum_id)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(topics.map((topic) => topic.subject)).size).toBeGreaterThan(topicCount * 0.7);
  });

  it('likes come from other users only, and every demo user logs in with the demo password', async () => {
    const selfLikes = await ctx.db
      .selectFrom('likes')
      .innerJoin('messages', 'messages.id', 'likes.message_id')
      .select('likes.message_id')
      .whereRef('likes.user_id', '=', 'messages.user_id')
      .execute();
    expect(selfLikes).toEqual([]);
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email_key', '=', 'demo1@example.com')
      .executeTakeFirstOrThrow();
    expect(user.is_active).toBe(1);
    expect(await verifyPassword(user.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('is served by the API (home, a topic page, its images) and has open reports', async () => {
    const api = apiClient(ctx.app);
    const home = await api.get('/api/home');
    expect(home.statusCode).toBe(200);
    const [first] = home.json().posts;
    expect(first).toBeDefined();
    const topic = await api.get(`/api/topic/${first.id}`);
    expect(topic.statusCode).toBe(200);
    expect(topic.json().mainMessage.id).toBe(first.id);
    const image = await api.get(`/api/images/${first.image}`);
    expect(image.statusCode).toBe(200);
    expect((await api.get(`/api/images/${first.image.replace(/big\.webp$/, 'small.webp')}`)).statusCode).toBe(
      200,
    );
    const reports = await ctx.db.selectFrom('message_reports').selectAll().execute();
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(reports.every((report) => report.is_open === 1 && report.content.length >= 5)).toBe(true);
    expect(reports.some((report) => report.reporter_user_id === null)).toBe(true);
  });

  it('refuses to seed a forum that already has topics', async () => {
    const before = await ctx.db.selectFrom('messages').select('id').execute();
    await expect(
      seedDemo(ctx.db, { seed: 7, now: NOW, topics: 5, ownCovers: 0, publicUrl: 'http://forum.test' }),
    ).rejects.toBeInstanceOf(CommandError);
    expect(await ctx.db.selectFrom('messages').select('id').execute()).toHaveLength(before.length);
  });
});

describe('seed-demo determinism', { timeout: 90_000 }, () => {
  const contents = async (seed: number) => {
    const db = await freshSqlite();
    try {
      await seedDemo(db, { seed, now: NOW, topics: 30, ownCovers: 0, publicUrl: 'http://forum.test' });
      const rows = await db
        .selectFrom('messages')
        .select(['content', 'user_id', 'created_at'])
        .orderBy('id')
        .execute();
      const likes = await db.selectFrom('likes').selectAll().orderBy(['message_id', 'user_id']).execute();
      return JSON.stringify({ rows, likes });
    } finally {
      await db.destroy();
    }
  };

  it('writes the same forum for the same seed and another for another seed', async () => {
    const first = await contents(3);
    expect(await contents(3)).toBe(first);
    expect(await contents(4)).not.toBe(first);
  });
});

describe('backup (SQLite)', () => {
  it('copies a live database to a file that opens on its own, and refuses to overwrite', async () => {
    const file = tempPath('live.sqlite');
    const target = tempPath('copy.sqlite');
    const db = await freshSqlite(file);
    try {
      await createUser(db, { username: 'לפני הגיבוי' });
      // Another connection writes while the backup runs, as the server would.
      const writer = new SqliteDatabase(file);
      const insert = writer.prepare(
        "INSERT INTO users (username, username_key, email, email_key, password_hash, created_at) VALUES (?, ?, ?, ?, 'x', 0)",
      );
      const writing = (async () => {
        for (let i = 0; i < 50; i += 1) {
          insert.run(`writer${i}`, `writer${i}`, `w${i}@example.com`, `w${i}@example.com`);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const message = await backupDatabase({ kind: 'sqlite', file }, target);
      await writing;
      writer.close();
      expect(message).toContain(target);
      const copy = new SqliteDatabase(target, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const names = copy.prepare('SELECT username FROM users').all() as Array<{ username: string }>;
      copy.close();
      expect(names.map((row) => row.username)).toContain('לפני הגיבוי');
      await expect(backupDatabase({ kind: 'sqlite', file }, target)).rejects.toThrow('already exists');
      await expect(
        backupDatabase({ kind: 'sqlite', file: tempPath('missing.sqlite') }, tempPath('x')),
      ).rejects.toThrow('no database');
    } finally {
      await db.destroy();
    }
  });
});

describeEachDatabase('backup', (ctx) => {
  it('dumps PostgreSQL with pg_dump in its custom format; refuses an in-memory SQLite', async () => {
    const target = tempPath('dump.pgdump');
    if (ctx.config.database.kind === 'sqlite') {
      await expect(backupDatabase(ctx.config.database, target)).rejects.toThrow('in-memory');
      return;
    }
    await createUser(ctx.db, { username: 'בגיבוי' });
    const message = await backupDatabase(ctx.config.database, target);
    expect(message).toContain('pg_dump');
    expect(readFileSync(target).subarray(0, 5).toString()).toBe('PGDMP');
  });
});
