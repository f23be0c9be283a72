import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server-render entry itself, as the built server loads it: the pages below are rendered.
import { serverEntry } from '../../client/entry-server';
import { buildApp } from '../app';
import { writeClientBuild } from '../test/client-build';
import { describeEachDatabase } from '../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../test/factories';
import { apiClient } from '../test/http';
import { countStatements } from '../test/statements';

interface RawAnswer {
  status: number;
  /** Every header as written, in order, but Date and the XSRF token's value (random). */
  headers: string[];
  body: Buffer;
}

/** Node's own connection headers, which `inject` does not write; compared apart from the rest. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive']);

const lineOf = (name: string, value: string) =>
  `${name}: ${value.replace(/^XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=…')}`;

/**
 * The same request through Fastify's own path on the same server and cache (`inject` bypasses the
 * front door): headers in the order they were set.
 */
async function viaFastify(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  method = 'GET',
) {
  const response = await app.inject({ url, headers, method: method as 'GET' });
  const lines: string[] = [];
  for (const [name, value] of Object.entries(response.headers)) {
    if (name === 'date' || CONNECTION_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) lines.push(lineOf(name, String(one)));
  }
  return { status: response.statusCode, headers: lines, body: response.rawPayload };
}

/** One request over a real socket (`inject` would not pass the front door), bytes as they came. */
function get(app: FastifyInstance, url: string, headers: Record<string, string>, method = 'GET') {
  const { port } = app.server.address() as AddressInfo;
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const headerLines: string[] = [];
        for (let i = 0; i < raw.length; i += 2) {
          const name = raw[i] ?? '';
          if (name.toLowerCase() === 'date' || CONNECTION_HEADERS.has(name.toLowerCase())) continue;
          headerLines.push(lineOf(name, raw[i + 1] ?? ''));
        }
        resolve({ status: response.statusCode ?? 0, headers: headerLines, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describeEachDatabase('guest cache front door', (ctx) => {
  let author: TestUser;
  let topicId: number;
  /** Answers hits before Fastify. */
  let fast: FastifyInstance;
  /** The same server with hits answered by Fastify's hooks: what the front door must equal. */
  let slow: FastifyInstance;
  let frontDoorHits = 0;
  let fastHookCalls = 0;

  beforeAll(async () => {
    author = await createUser(ctx.db, { now: ctx.clock.now() });
    topicId = (await createTopic(ctx.db, { userId: author.user.id, forumId: 1, now: ctx.clock.now() })).topic
      .id;
    for (let i = 0; i < 3; i += 1) {
      ctx.clock.advance(1000);
      await createReply(ctx.db, { topicId, userId: author.user.id, now: ctx.clock.now() });
    }
    const clientDir = writeClientBuild();
    const build = (frontDoor: boolean) =>
      buildApp({
        config: ctx.config,
        db: ctx.db,
        clock: ctx.clock,
        logger: false,
        clientDir,
        serverEntry,
        guestCacheFrontDoor: frontDoor,
        onFrontDoorHit: frontDoor ? () => (frontDoorHits += 1) : undefined,
      });
    fast = await build(true);
    slow = await build(false);
    fast.addHook('onRequest', (_request, _reply, done) => {
      fastHookCalls += 1;
      done();
    });
    await fast.listen({ port: 0, host: '127.0.0.1' });
    await slow.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await fast?.close();
    await slow?.close();
  });

  const encodings = {
    br: { 'accept-encoding': 'gzip, deflate, br' },
    gzip: { 'accept-encoding': 'gzip' },
    identity: {},
  };

  describe.each([
    ['JSON', () => `/api/topic/${topicId}`],
    ['page', () => `/topic/${topicId}`],
    ['home page', () => '/'],
    ['small JSON', () => '/api/forums'],
  ])('%s', (_kind, urlOf) => {
    it.each(Object.entries(encodings))(
      'answers a hit (%s) as Fastify does, with and without the cookie, and 304',
      async (_name, encodingHeaders) => {
        const url = urlOf();
        // Fill both caches (a miss), then ask the hit.
        await get(fast, url, encodingHeaders);
        const cookies: Record<string, string>[] = [{}, { cookie: 'XSRF-TOKEN=abc; other=1' }];
        for (const cookie of cookies) {
          const headers: Record<string, string> = { ...encodingHeaders, ...cookie };
          const hitsBefore = frontDoorHits;
          const hooksBefore = fastHookCalls;
          const mine = await get(fast, url, headers);
          // Taken: counted by the front door, and no Fastify hook ran.
          expect(frontDoorHits).toBe(hitsBefore + 1);
          expect(fastHookCalls).toBe(hooksBefore);
          const theirs = await viaFastify(fast, url, headers);
          expect(mine.status).toBe(200);
          expect(mine.headers).toEqual(theirs.headers);
          expect(mine.body.equals(theirs.body)).toBe(true);

          const etag = mine.headers.find((line) => line.startsWith('etag: '))?.slice(6) ?? '';
          const notModified: Record<string, string> = { ...headers, 'if-none-match': etag };
          const mine304 = await get(fast, url, notModified);
          const theirs304 = await viaFastify(fast, url, notModified);
          expect(mine304.status).toBe(304);
          expect(mine304.headers).toEqual(theirs304.headers);
          expect(mine304.body.length).toBe(0);
          expect(frontDoorHits).toBe(hitsBefore + 2);
        }
      },
    );

    it('leaves HEAD and a query to Fastify, which answers them as before', async () => {
      const url = urlOf();
      await get(fast, url, encodings.br);
      await get(slow, url, encodings.br);
      for (const [path, method] of [
        [url, 'HEAD'],
        [`${url}?x=1`, 'GET'],
      ] as const) {
        const hitsBefore = frontDoorHits;
        const mine = await get(fast, path, encodings.br, method);
        const theirs = await get(slow, path, encodings.br, method);
        expect(frontDoorHits).toBe(hitsBefore);
        expect(mine.status).toBe(theirs.status);
      }
    });
  });

  it('sees a write at once: the next request after a reply is not the old answer', async () => {
    const url = `/api/topic/${topicId}`;
    await get(fast, url, {});
    const before = await get(fast, url, {});
    ctx.clock.advance(1000);
    const reply = await apiClient(fast).post(
      '/api/message',
      { topicId, content: '<p>תשובה חדשה</p>' },
      { token: author.token },
    );
    expect(reply.statusCode).toBe(200);
    const after = await get(fast, url, {});
    expect(after.body.toString()).toContain('תשובה חדשה');
    expect(after.body.equals(before.body)).toBe(false);
  });

  it('lets the readers who ask at once after a write wait at the door for the one read, JSON and page', async () => {
    for (const url of [`/api/topic/${topicId}`, `/topic/${topicId}`]) {
      ctx.clock.advance(1000);
      const reply = await apiClient(fast).post(
        '/api/message',
        // Long enough that the topic's answer is compressed, on the thread pool, as a real one is.
        { topicId, content: `<p>${'כולם מחכים לתשובה. '.repeat(60)}</p>` },
        { token: author.token },
      );
      expect(reply.statusCode).toBe(200);
      // The door answers pages only of a build checked within the last second: any page request
      // has it checked (a hit at the door, or the page route, which checks it).
      await get(fast, '/policy', {});
      const readers: Record<string, string>[] = [
        encodings.br,
        { ...encodings.br, cookie: 'XSRF-TOKEN=abc' },
        encodings.gzip,
        { ...encodings.br, cookie: 'XSRF-TOKEN=abc' },
        encodings.identity,
        { ...encodings.gzip, cookie: 'XSRF-TOKEN=abc' },
      ];
      const hitsBefore = frontDoorHits;
      const hooksBefore = fastHookCalls;
      const { result: answers, statements } = await countStatements(() =>
        Promise.all(readers.map((headers) => get(fast, url, headers))),
      );
      // One request made the answer through Fastify (one read); the others waited for it here.
      expect(fastHookCalls - hooksBefore, url).toBe(1);
      expect(frontDoorHits - hitsBefore, url).toBe(readers.length - 1);
      // About what one cold read of the answer costs (the other server's cache was emptied too), far
      // from one each. (Whatever else runs meanwhile is counted too: no exact sum.)
      const { statements: oneRead } = await countStatements(() => slow.inject(url));
      expect(statements, url).toBeGreaterThan(0);
      expect(statements, url).toBeLessThan((readers.length * oneRead) / 2);
      // Each as Fastify answers the kept entry now, in its encoding, the cookie where it had none
      // (the one that went through Fastify wrote them in another order).
      for (const [n, headers] of readers.entries()) {
        const theirs = await viaFastify(fast, url, headers);
        expect(answers[n]?.status, url).toBe(200);
        expect(answers[n]?.headers.toSorted(), url).toEqual(theirs.headers.toSorted());
        expect(answers[n]?.body.equals(theirs.body), url).toBe(true);
      }
    }
  });
});
