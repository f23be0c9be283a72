import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { describeEachDatabase } from '../test/databases';
import { createTopic, createUser, type TestUser } from '../test/factories';
import { apiClient } from '../test/http';
import { countStatements } from '../test/statements';
import { pageAddress, pageTags } from './pages';

describe('pageTags', () => {
  it('tags the guest pages by what they show and keeps no personal or endless page', () => {
    expect(pageTags('/')).toEqual(['home', 'forums']);
    expect(pageTags('/forum/4')).toEqual(['forum:4', 'forums']);
    expect(pageTags('/topic/12/')).toEqual(['topic:12', 'recs', 'forums']);
    expect(pageTags('/policy')).toEqual([]);
    for (const pathname of [
      '/search/שלום',
      '/edit-profile',
      '/message-reports',
      '/activate-user/x',
      '/forgot-password/y',
    ]) {
      expect(pageTags(pathname)).toBeNull();
    }
  });
});

describe('pageAddress', () => {
  it('keeps only the query parameters a page reads', () => {
    expect(pageAddress('/topic/3')).toEqual({ pathname: '/topic/3', url: '/topic/3', hasQuery: false });
    expect(pageAddress('/topic/3?fbclid=abc&utm_source=x')).toEqual({
      pathname: '/topic/3',
      url: '/topic/3',
      hasQuery: false,
    });
    expect(pageAddress('/topic/3?utm_source=x&message=17')).toEqual({
      pathname: '/topic/3',
      url: '/topic/3?message=17',
      hasQuery: true,
    });
    expect(pageAddress('/?')).toEqual({ pathname: '/', url: '/', hasQuery: false });
    expect(pageAddress('?a=1').pathname).toBe('/');
  });
});

describeEachDatabase('pages through the guest cache', (ctx) => {
  let app: FastifyInstance;
  let dir: string;
  let author: TestUser;
  let topicId: number;

  const writeShell = (text: string, mtime: number) => {
    const file = path.join(dir, 'index.html');
    writeFileSync(file, `<!doctype html><html lang="he" dir="rtl"><title>${text}</title></html>`);
    utimesSync(file, mtime, mtime);
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pages-client-'));
    writeShell('גרסה 1', 1_000_000);
    author = await createUser(ctx.db);
    topicId = (await createTopic(ctx.db, { userId: author.user.id, now: ctx.clock.now() })).topic.id;
    app = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, logger: false, clientDir: dir });
    await app.ready();
  });

  afterAll(() => app?.close());

  it('keeps a guest page with an ETag, answers 304, and drops it when the topic changes', async () => {
    const url = `/topic/${topicId}`;
    const first = await app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(app.guestCache.get(`page:${url}`)).toBeDefined();
    const etag = String(first.headers.etag);
    expect((await app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await apiClient(app).post('/api/message', { topicId, content: '<p>תגובה</p>' }, { token: author.token });
    expect(app.guestCache.get(`page:${url}`)).toBeUndefined();
    // Today's page is the shell, the same after the write; next round the rendered page differs.
    expect((await app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it('answers a kept page before the session lookup, with the headers of the answer that stored it', async () => {
    const url = `/topic/${topicId}`;
    const headers = { 'accept-encoding': 'gzip, deflate, br', cookie: 'XSRF-TOKEN=x' };
    app.guestCache.clear();
    const stored = await app.inject({ url, headers });
    expect(app.guestCache.get(`page:${url}`)).toBeDefined();
    const { result: hit, statements } = await countStatements(() =>
      app.inject({ url, headers: { ...headers, authorization: `Bearer ${author.token}` } }),
    );
    expect(statements).toBe(0);
    const withoutDate = (headers: object) => Object.entries(headers).filter(([name]) => name !== 'date');
    expect(withoutDate(hit.headers)).toEqual(withoutDate(stored.headers));
    expect(hit.rawPayload.equals(stored.rawPayload)).toBe(true);
  });

  it('serves a rebuilt shell at once', async () => {
    expect((await app.inject('/')).body).toContain('גרסה 1');
    writeShell('גרסה 2', 2_000_000);
    const response = await app.inject('/');
    expect(response.body).toContain('גרסה 2');
    expect(response.statusCode).toBe(200);
  });

  it('keeps the 404 of an unknown path and never stores it', async () => {
    const response = await app.inject('/wp-login.php');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('dir="rtl"');
    expect(app.guestCache.get('page:/wp-login.php')).toBeUndefined();
    expect((await app.inject('/page/not-found')).statusCode).toBe(404);
  });

  it('does not keep personal pages', async () => {
    expect((await app.inject('/edit-profile')).statusCode).toBe(200);
    expect(app.guestCache.get('page:/edit-profile')).toBeUndefined();
  });

  it('unzips a kept page once for a client that takes no encoding, and sends the rest compressed', async () => {
    // A shell large enough to be compressed.
    writeShell(`גרסה 3 ${'מילים '.repeat(300)}`, 3_000_000);
    const url = `/topic/${topicId}`;
    await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(app.guestCache.get(`page:${url}`)?.identity ?? null).toBeNull();
    const plain = await app.inject(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(app.guestCache.get(`page:${url}`)?.identity?.toString()).toBe(plain.body);
    const unkept = await app.inject({ url: `${url}?message=1`, headers: { 'accept-encoding': 'gzip' } });
    expect(unkept.headers['content-encoding']).toBe('gzip');
  });

  it('answers an address whose query no page reads as its path, from the cache, and keeps it for the path', async () => {
    const url = `/topic/${topicId}`;
    app.guestCache.clear();
    // A visit from a social link fills the path's entry.
    const first = await app.inject(`${url}?fbclid=IwAR0abc&utm_source=facebook`);
    expect(first.statusCode).toBe(200);
    const kept = app.guestCache.get(`page:${url}`);
    expect(kept).toBeDefined();
    // The next, with another tracking value, is that entry: the same tag, and still the one entry.
    const again = await app.inject(`${url}?fbclid=other`);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(app.guestCache.get(`page:${url}`)?.etag).toBe(kept?.etag);
    expect(app.guestCache.count).toBe(1);
    expect(
      (
        await app.inject({
          url: `${url}?utm_medium=x`,
          headers: { 'if-none-match': String(first.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);
    // A query a page reads is rendered for itself and not kept.
    app.guestCache.clear();
    expect((await app.inject(`${url}?message=1&fbclid=x`)).statusCode).toBe(200);
    expect(app.guestCache.get(`page:${url}`)).toBeUndefined();
  });
});
