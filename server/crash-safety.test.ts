import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solvedCaptchaOver } from './test/captcha';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './db/connect';
import type { Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedForums } from './db/seed-forums';
import { UNLIMITED_WRITES } from './modules/rate-limit/rate-limit.rules';
import { createPostgresTestDatabase, TEST_DATABASE_KINDS } from './test/databases';
import { createTopic, createUser, type TestUser } from './test/factories';
import { freePort, startServer } from './test/server-process';
import { brokenAggregates } from './test/tables';

/**
 * Crash safety: the real server (`server/main.ts`) takes replies, likes, new topics and
 * registrations from several connections, is killed with SIGKILL at a random moment, and
 * restarted. Every write it acknowledged with a 2xx must be there, and no aggregate may be
 * half-written. Several rounds per database, each one to three seconds of load.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const CONNECTIONS = 4;

interface Acknowledged {
  messages: Map<number, string>;
  topics: Set<number>;
  likes: Array<{ messageId: number; userId: number }>;
  usernames: Set<string>;
}

/** One browser-like connection writing until the server goes away. */
async function drive(port: number, user: TestUser, topicIds: number[], ack: Acknowledged, tag: string) {
  const base = `http://127.0.0.1:${port}/api`;
  const headers = {
    'content-type': 'application/json',
    cookie: 'XSRF-TOKEN=c',
    'x-xsrf-token': 'c',
    authorization: `Bearer ${user.token}`,
  };
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: body === undefined ? { ...headers, 'content-type': '' } : headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  let step = 0;
  try {
    for (;;) {
      step += 1;
      const topicId = topicIds[step % topicIds.length] as number;
      // Two connections reply and like, one opens topics, one registers: the slow writes (a cover
      // image, a captcha and a password hash) do not hold up the many small ones.
      const connection = Number(tag.slice(-1));
      const choice = connection < 2 ? 0 : connection - 1;
      if (choice === 0) {
        const content = `<p>תגובה ${tag}-${step}</p>`;
        const reply = await call('POST', '/message', { topicId, content });
        if (reply.status !== 200) throw new Error(`reply answered ${reply.status}`);
        ack.messages.set(Number(reply.body.id), String(reply.body.content));
        // Each message is liked once, so an acknowledged like must still be there.
        const like = await call('GET', `/message/like/${reply.body.id}`);
        if (like.status !== 200) throw new Error(`like answered ${like.status}`);
        ack.likes.push({ messageId: Number(reply.body.id), userId: user.user.id });
      } else if (choice === 1) {
        const topic = await call('POST', '/topic', {
          subject: `נושא ${tag}-${step}`,
          message: '<p>שלום</p>',
          forumId: 2,
        });
        if (topic.status !== 200) throw new Error(`topic answered ${topic.status}`);
        const post = topic.body.post as { id: number };
        ack.topics.add(post.id);
        topicIds.push(post.id);
      } else {
        const username = `רשום${tag}x${step}`;
        const captcha = await solvedCaptchaOver(base);
        const register = await call('POST', '/register', {
          username,
          email: `${tag}-${step}@example.test`,
          password: 'password-123',
          birthdate: '01/01/1990',
          captcha,
        });
        if (register.status === 201 || register.status === 200) ack.usernames.add(username);
        else if (register.status !== 412) throw new Error(`register answered ${register.status}`);
      }
    }
  } catch (error) {
    // The kill: a refused connection or a reset socket ends this connection's run.
    if (!(error instanceof TypeError)) throw error;
  }
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`crash safety [${kind}]`, { timeout: 180_000 }, () => {
    let env: Record<string, string>;
    let db: Kysely<Database>;
    let drop = async () => {};
    let server: ChildProcess | undefined;

    beforeAll(async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-crash-'));
      let url = `sqlite:${path.join(dataDir, 'forum.sqlite')}`;
      if (kind === 'postgres') {
        const created = await createPostgresTestDatabase('forum_crash');
        url = created.url;
        drop = created.drop;
      }
      env = {
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        SECRET_KEY: 'crash-test-secret-key-crash-test-secret-key',
        PUBLIC_URL: 'http://127.0.0.1',
        RATE_LIMITS: `${UNLIMITED_WRITES},register.ip=100000/60,register.email=100000/60`,
      };
      db = connectDatabase(kind === 'sqlite' ? { kind, file: url.slice('sqlite:'.length) } : { kind, url });
      await migrateToLatest(db);
      await seedForums(db);
    });

    afterAll(async () => {
      server?.kill('SIGKILL');
      await db?.destroy();
      await drop();
    });

    it(`keeps every acknowledged write and every aggregate whole through ${ROUNDS} SIGKILLs`, async () => {
      const users = await Promise.all(Array.from({ length: CONNECTIONS }, () => createUser(db)));
      const topicIds = [(await createTopic(db, { userId: (users[0] as TestUser).user.id })).topic.id];
      const ack: Acknowledged = { messages: new Map(), topics: new Set(), likes: [], usernames: new Set() };
      const port = await freePort();

      server = await startServer(env, port);
      for (let round = 1; round <= ROUNDS; round += 1) {
        const running = users.map((user, index) => drive(port, user, topicIds, ack, `${round}${index}`));
        await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000));
        const exited = new Promise((resolve) => server?.once('exit', resolve));
        server.kill('SIGKILL');
        await exited;
        await Promise.all(running);

        // Restarted, the server must come up on what the killed one left; it serves the next round.
        server = await startServer(env, port);
        expect(await brokenAggregates(db), `round ${round}`).toEqual([]);
        const messages = await db.selectFrom('messages').select(['id', 'content']).execute();
        const stored = new Map(messages.map((row) => [Number(row.id), row.content]));
        for (const [id, content] of ack.messages) expect(stored.get(id), `message ${id}`).toBe(content);
        const topics = new Set(
          (await db.selectFrom('topics').select('id').execute()).map((row) => Number(row.id)),
        );
        for (const id of ack.topics) expect(topics.has(id), `topic ${id}`).toBe(true);
        const likes = new Set(
          (await db.selectFrom('likes').select(['message_id', 'user_id']).execute()).map(
            (row) => `${row.message_id}/${row.user_id}`,
          ),
        );
        for (const like of ack.likes) expect(likes.has(`${like.messageId}/${like.userId}`)).toBe(true);
        const usernames = new Set(
          (await db.selectFrom('users').select('username').execute()).map((row) => row.username),
        );
        for (const name of ack.usernames) expect(usernames.has(name), name).toBe(true);
      }
      console.log(
        `crash safety [${kind}]: ${ROUNDS} rounds, acknowledged ${ack.messages.size} replies, ${ack.topics.size} topics, ${ack.likes.length} likes, ${ack.usernames.size} registrations`,
      );
      expect(ack.messages.size).toBeGreaterThan(0);
    });
  });
}
