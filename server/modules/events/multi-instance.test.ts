import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForumEvent } from '../../../shared/schemas/events';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connectDatabase } from '../../db/connect';
import type { Database } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { seedForums } from '../../db/seed-forums';
import { type BusMessage, publish, subscribe } from '../../events';
import { createPostgresTestDatabase, TEST_DATABASE_URL, TestClock } from '../../test/databases';
import { listenForTests, openEventStream } from '../../test/event-stream';
import { createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';

interface Instance {
  db: Kysely<Database>;
  app: FastifyInstance;
  baseUrl: string;
  /** Everything this instance's bus delivered since the test began. */
  heard: BusMessage[];
}

/** Waits until `check` holds, polling; the bus is asynchronous between instances. */
async function eventually(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const eventsHeard = (instance: Instance, type: ForumEvent['type']) =>
  instance.heard.filter((message) => message.kind === 'event' && message.event.type === type).length;

// Several instances only exist on PostgreSQL: SQLite runs one.
describe.skipIf(!TEST_DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  const instances: Instance[] = [];
  const stops: Array<() => void> = [];
  let dropDatabase: () => Promise<void> = async () => {};
  let member: TestUser;
  let topicId: number;

  beforeAll(async () => {
    const created = await createPostgresTestDatabase('forum_test_live');
    dropDatabase = created.drop;
    for (const name of ['a', 'b']) {
      const config = loadConfig({
        DATA_DIR: `/tmp/forum-test-live-${process.pid}-${name}`,
        SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
        PUBLIC_URL: 'http://forum.test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: created.url,
      });
      const db = connectDatabase(config.database);
      if (name === 'a') {
        await migrateToLatest(db);
        await seedForums(db);
      }
      const app = await buildApp({
        config,
        db,
        clock: new TestClock(),
        logger: false,
        clientDir: '/nonexistent',
        // A quick heartbeat and backoff, so a lost connection is noticed and reopened within the test.
        events: {
          listener: { heartbeatMs: 200, heartbeatTimeoutMs: 500, minBackoffMs: 50, maxBackoffMs: 400 },
        },
      });
      await app.ready();
      const instance: Instance = { db, app, baseUrl: await listenForTests(app), heard: [] };
      stops.push(subscribe(db, (message) => instance.heard.push(message)));
      instances.push(instance);
    }
    const [a] = instances;
    if (!a) throw new Error('no instance');
    member = await createUser(a.db);
    topicId = (await createTopic(a.db, { userId: member.user.id, forumId: 1 })).topic.id;
  });

  afterAll(async () => {
    for (const stop of stops) stop();
    for (const instance of instances) {
      await instance.app.close();
      await instance.db.destroy();
    }
    await dropDatabase();
  });

  const pair = () => {
    const [a, b] = instances;
    if (!a || !b) throw new Error('the instances did not start');
    return { a, b };
  };

  it('delivers a reply written on one instance to the other, on its bus and its streams, once', async () => {
    const { a, b } = pair();
    const stream = await openEventStream(b.baseUrl, `topic=${topicId}`);
    try {
      await stream.waitForText('retry:');
      const before = { a: eventsHeard(a, 'message.created'), b: eventsHeard(b, 'message.created') };
      const response = await apiClient(a.app).post(
        '/api/message',
        { topicId, content: '<p>מהמופע הראשון</p>' },
        { token: member.token },
      );
      expect(response.statusCode).toBe(200);
      const messageId = response.json<{ id: number }>().id;
      const received = await stream.waitFor((event) => event.event === 'message.created');
      expect(JSON.parse(received.data)).toEqual({ type: 'message.created', messageId, topicId, forumId: 1 });
      await eventually(() => eventsHeard(b, 'message.created') === before.b + 1, 'the event on b');
      // The writer heard it at its commit; its own notification coming back is not a second copy.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(eventsHeard(a, 'message.created')).toBe(before.a + 1);
    } finally {
      stream.close();
    }
  });

  it('notifies no instance of a write that rolled back', async () => {
    const { a, b } = pair();
    const before = eventsHeard(b, 'topic.updated');
    await expect(
      a.db.transaction().execute(async (trx) => {
        await publish(trx, { type: 'topic.updated', topicId, forumId: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await publish(a.db, { type: 'topic.deleted', topicId: 999_999, forumId: 1 });
    await eventually(() => eventsHeard(b, 'topic.deleted') > 0, 'the later event');
    expect(eventsHeard(b, 'topic.updated')).toBe(before);
  });

  it('survives a killed listener connection: subscribers resync and the next write still arrives', async () => {
    const { a, b } = pair();
    const stream = await openEventStream(b.baseUrl, `topic=${topicId}`);
    try {
      await stream.waitForText('retry:');
      const listener = b.app.liveEvents.listener;
      const pid = listener?.backendPid;
      expect(pid).toEqual(expect.any(Number));
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();

      await stream.waitFor((event) => event.event === 'resync', 10_000);
      expect(b.heard.some((message) => message.kind === 'resync')).toBe(true);
      expect(listener?.backendPid).not.toBe(pid);

      const response = await apiClient(a.app).post(
        '/api/message',
        { topicId, content: '<p>אחרי החיבור מחדש</p>' },
        { token: member.token },
      );
      const messageId = response.json<{ id: number }>().id;
      const received = await stream.waitFor(
        (event) => event.event === 'message.created' && JSON.parse(event.data).messageId === messageId,
      );
      expect(received.id).toMatch(/^[0-9a-f]{8}-\d+$/);
    } finally {
      stream.close();
    }
  });

  it('shows a site-settings change on the other instance at once, in its cached answers too', async () => {
    const { a, b } = pair();
    const admin = await createUser(a.db, { admin: true });
    const settings = await apiClient(a.app).get('/api/admin/site', { token: admin.token });
    const feedOnB = async () => (await b.app.inject('/feed.xml')).body;
    // b reads the settings and keeps a feed rendered with them.
    expect(await feedOnB()).toContain(settings.json<{ siteName: string }>().siteName);
    expect(b.app.guestCache.get('/feed.xml')).toBeDefined();
    const before = eventsHeard(b, 'site.changed');
    const siteName = 'קהילה בשם חדש';
    const saved = await apiClient(a.app).put(
      '/api/admin/site',
      { ...settings.json<Record<string, unknown>>(), siteName },
      { token: admin.token },
    );
    expect(saved.statusCode).toBe(200);
    await eventually(() => eventsHeard(b, 'site.changed') === before + 1, 'the change on b');
    // Not the copy b read a moment ago: the feed made again now, and kept, has the new name.
    expect(await feedOnB()).toContain(`<title>${siteName}</title>`);
    expect((await b.app.inject('/api/site')).json<{ siteName: string }>().siteName).toBe(siteName);
  });

  it('closes a session’s streams on every instance when it logs out on one', async () => {
    const { a, b } = pair();
    const leaving = await createUser(a.db);
    const ticket = await apiClient(a.app).post('/api/events/ticket', undefined, { token: leaving.token });
    const stream = await openEventStream(
      b.baseUrl,
      `notifications=1&ticket=${ticket.json<{ ticket: string }>().ticket}`,
    );
    expect(stream.status).toBe(200);
    await stream.waitForText('retry:');
    await apiClient(a.app).post('/api/logout', undefined, { token: leaving.token });
    await stream.ended;
  });
});
