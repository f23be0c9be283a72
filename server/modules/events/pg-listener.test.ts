import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForumEvent } from '../../../shared/schemas/events';
import { TEST_DATABASE_URL } from '../../test/databases';
import { type BusMessage, EventHub } from './event-hub';
import { EVENTS_CHANNEL } from './notify-dialect';
import { PostgresEventListener } from './pg-listener';

/**
 * A TCP proxy to PostgreSQL that can go silent: the connections it holds stop carrying bytes
 * either way but stay open, as after a network partition, while new ones work.
 */
async function silenceableProxy(target: URL) {
  const sockets = new Set<{ client: net.Socket; server: net.Socket; silent: boolean }>();
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server, silent: false };
    sockets.add(pair);
    client.on('data', (chunk) => pair.silent || server.write(chunk));
    server.on('data', (chunk) => pair.silent || client.write(chunk));
    const close = () => {
      client.destroy();
      server.destroy();
      sockets.delete(pair);
    };
    client.on('close', close);
    server.on('close', close);
    client.on('error', close);
    server.on('error', close);
  });
  let port = 0;
  for (let attempt = 0; attempt < 50 && port === 0; attempt += 1) {
    const candidate = 3500 + ((process.pid + attempt * 17) % 100);
    port = await new Promise<number>((resolve) => {
      proxy.once('error', () => resolve(0));
      proxy.listen(candidate, '127.0.0.1', () => resolve(candidate));
    });
  }
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    silenceAll: () => {
      for (const pair of sockets) pair.silent = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of sockets) {
          pair.client.destroy();
          pair.server.destroy();
        }
        proxy.close(() => resolve());
      }),
  };
}

describe.skipIf(!TEST_DATABASE_URL)('the PostgreSQL event listener', () => {
  let proxy: Awaited<ReturnType<typeof silenceableProxy>>;
  const hub = new EventHub();
  const heard: BusMessage[] = [];
  let listener: PostgresEventListener;

  beforeAll(async () => {
    proxy = await silenceableProxy(new URL(TEST_DATABASE_URL ?? ''));
    hub.subscribe((message) => heard.push(message));
    const log = { info: () => {}, warn: () => {} };
    listener = new PostgresEventListener({
      connectionString: proxy.url,
      hub,
      log,
      heartbeatMs: 100,
      heartbeatTimeoutMs: 300,
      minBackoffMs: 20,
      maxBackoffMs: 200,
    });
    await listener.start();
  });

  afterAll(async () => {
    await listener.stop();
    await proxy.close();
  });

  const notify = async (event: ForumEvent) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query('select pg_notify($1, $2)', [
      EVENTS_CHANNEL,
      JSON.stringify({ origin: 'elsewhere', event }),
    ]);
    await client.end();
  };

  const eventually = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('notices a connection gone silent by its heartbeat, reconnects, resyncs, and hears the next event', async () => {
    expect(listener.isListening).toBe(true);
    const first: ForumEvent = { type: 'topic.updated', topicId: 1, forumId: 1 };
    await notify(first);
    await eventually(() => heard.some((m) => m.kind === 'event'), 'the first event');

    // No error, no end: only the unanswered heartbeat can tell.
    proxy.silenceAll();
    await eventually(() => heard.some((m) => m.kind === 'resync'), 'the resync');
    expect(listener.isListening).toBe(true);

    const second: ForumEvent = { type: 'topic.deleted', topicId: 2, forumId: 1 };
    await notify(second);
    await eventually(
      () => heard.some((m) => m.kind === 'event' && m.event.type === 'topic.deleted'),
      'the event after the reconnect',
    );
  });

  it('ignores a malformed notification and its own events', async () => {
    const before = heard.length;
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query('select pg_notify($1, $2)', [
      EVENTS_CHANNEL,
      '{"origin":"x","event":{"type":"nope"}}',
    ]);
    const own = { origin: hub.origin, event: { type: 'topic.updated', topicId: 3, forumId: 1 } };
    await client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify(own)]);
    await client.end();
    await notify({ type: 'topic.created', topicId: 4, forumId: 1 });
    await eventually(
      () => heard.some((m) => m.kind === 'event' && m.event.type === 'topic.created'),
      'the valid event',
    );
    expect(heard.slice(before)).toEqual([
      { kind: 'event', event: { type: 'topic.created', topicId: 4, forumId: 1 } },
    ]);
  });
});
