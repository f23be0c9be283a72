import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// The server-render entry itself, as the built server loads it: the pages below are rendered.
import { serverEntry } from '../../client/entry-server';
import type { Message } from '../../shared/schemas/messages';
import type { PostsResponse, TopicResponse } from '../../shared/schemas/topics';
import { buildApp } from '../app';
import { writeClientBuild } from '../test/client-build';
import { describeEachDatabase } from '../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../test/factories';
import { apiClient } from '../test/http';
import { countStatements } from '../test/statements';

const json = <T>(response: LightMyRequestResponse) => response.json() as T;

describeEachDatabase('guest cache', (ctx) => {
  let author: TestUser;
  let admin: TestUser;
  /** The server under test: the guest cache in front of the JSON answers and the rendered pages. */
  let app: FastifyInstance;
  /** The same server without a cache, on the same database: what a fresh read shows. */
  let truth: FastifyInstance;
  let topicA: number;
  let topicB: number;
  let lastReplyOfA: number;
  let homeCursor: number;
  let forumCursor: number;

  beforeAll(async () => {
    author = await createUser(ctx.db, { now: ctx.clock.now() });
    admin = await createUser(ctx.db, { admin: true, now: ctx.clock.now() });
    // Nine topics in forum 1 so its list and the home list have a second page.
    for (let i = 0; i < 9; i += 1) {
      ctx.clock.advance(1000);
      await createTopic(ctx.db, {
        userId: author.user.id,
        forumId: 1,
        subject: `ישן ${i}`,
        now: ctx.clock.now(),
      });
    }
    ctx.clock.advance(1000);
    topicA = (
      await createTopic(ctx.db, {
        userId: author.user.id,
        forumId: 1,
        subject: 'מתכון לעוגה',
        now: ctx.clock.now(),
      })
    ).topic.id;
    ctx.clock.advance(1000);
    topicB = (
      await createTopic(ctx.db, {
        userId: author.user.id,
        forumId: 2,
        subject: 'עוגה בלי ביצים',
        now: ctx.clock.now(),
      })
    ).topic.id;
    // Ten replies to A so its page has a `more` page.
    const replies: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      ctx.clock.advance(1000);
      replies.push(
        (await createReply(ctx.db, { topicId: topicA, userId: author.user.id, now: ctx.clock.now() })).id,
      );
    }
    lastReplyOfA = replies.at(-1) ?? 0;
    const clientDir = writeClientBuild();
    const build = (guestCacheBytes: number) =>
      buildApp({
        config: { ...ctx.config, guestCacheBytes },
        db: ctx.db,
        clock: ctx.clock,
        logger: false,
        clientDir,
        serverEntry,
      });
    app = await build(ctx.config.guestCacheBytes);
    truth = await build(0);
    await Promise.all([app.ready(), truth.ready()]);
    homeCursor = json<PostsResponse>(await truth.inject('/api/home')).posts.at(-1)?.timestamp ?? 0;
    forumCursor = json<PostsResponse>(await truth.inject('/api/forum/1')).posts.at(-1)?.timestamp ?? 0;
  });

  afterAll(async () => {
    await app?.close();
    await truth?.close();
  });

  beforeEach(() => {
    ctx.clock.advance(60_000);
  });

  /** Every public answer the writes below can touch: the JSON, the feeds and the rendered pages. */
  const urls = () => ({
    home: '/api/home',
    homeMore: `/api/home/more/${homeCursor}`,
    forum1: '/api/forum/1',
    forum1More: `/api/forum/1/more/${forumCursor}`,
    forum2: '/api/forum/2',
    topicA: `/api/topic/${topicA}`,
    topicAMore: `/api/topic/${topicA}/more/${lastReplyOfA}`,
    topicB: `/api/topic/${topicB}`,
    recsA: `/api/recommendations/${topicA}`,
    recsB: `/api/recommendations/${topicB}`,
    forums: '/api/forums',
    feed: '/feed.xml',
    feed1: '/forum/1/feed.xml',
    feed2: '/forum/2/feed.xml',
    homePage: '/',
    forum1Page: '/forum/1',
    forum2Page: '/forum/2',
    topicAPage: `/topic/${topicA}`,
    topicBPage: `/topic/${topicB}`,
  });
  type Name = keyof ReturnType<typeof urls>;
  interface Answer {
    body: string;
    etag: string;
  }

  const isPage = (url: string) => !url.startsWith('/api/') && !url.endsWith('.xml');
  const guestGet = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
  const isCached = (url: string) => app.guestCache.get(isPage(url) ? `page:${url}` : url) !== undefined;
  /**
   * What a reader gets from an answer. A page's server state also says when its data was read
   * and the live-update position of the server that rendered it, which differ between two renders
   * of the same content: the page's HTML is made from that data, so the HTML is what is compared.
   */
  const content = (url: string, body: string) =>
    isPage(url)
      ? body.replace(/<script type="application\/json" id="server-state">.*?<\/script>/s, '')
      : body;

  /** Reads every answer as a guest (twice: the second is a hit) and returns them. */
  async function warm(): Promise<Record<Name, Answer>> {
    const answers = {} as Record<Name, Answer>;
    for (const [name, url] of Object.entries(urls()) as [Name, string][]) {
      await guestGet(url);
      const response = await guestGet(url);
      expect(response.statusCode, url).toBe(200);
      expect(isCached(url), url).toBe(true);
      answers[name] = { body: content(url, response.body), etag: String(response.headers.etag) };
    }
    return answers;
  }

  /**
   * Runs a write after warming the cache and proves: every answer read afterwards equals a fresh
   * read; the `changed` ones did change, under a new ETag (so the check means something); the
   * `untouched` ones are still cached (the write dropped no more than it had to).
   */
  async function expectWriteShown(
    write: () => Promise<LightMyRequestResponse>,
    changed: Name[],
    untouched: Name[],
  ) {
    const before = await warm();
    const response = await write();
    expect(response.statusCode, response.body).toBe(200);
    for (const name of untouched) expect(isCached(urls()[name]), `${name} still cached`).toBe(true);
    for (const [name, url] of Object.entries(urls()) as [Name, string][]) {
      const cached = await guestGet(url);
      const fresh = await truth.inject(url);
      expect(cached.statusCode, url).toBe(fresh.statusCode);
      expect(content(url, cached.body), url).toBe(content(url, fresh.body));
      if (!changed.includes(name)) continue;
      expect(content(url, cached.body), `${name} changed`).not.toBe(before[name].body);
      expect(cached.headers.etag, `${name} has a new ETag`).not.toBe(before[name].etag);
    }
    return response;
  }

  const api = () => apiClient(app);

  it('shows a new reply on the topic, its forum, the home list, recommendations and feeds, JSON and pages', async () => {
    await expectWriteShown(
      () =>
        api().post(
          '/api/message',
          { topicId: topicA, content: '<p>תגובה חדשה</p>' },
          { token: author.token },
        ),
      ['topicA', 'home', 'forum1', 'recsB', 'topicAPage', 'homePage', 'forum1Page'],
      ['forum2', 'topicB', 'forums', 'feed2', 'forum2Page'],
    );
  });

  it('shows a like on the topic only', async () => {
    await expectWriteShown(
      () => api().get(`/api/message/like/${lastReplyOfA}`, { token: admin.token }),
      ['topicA', 'topicAPage'],
      [
        'home',
        'homeMore',
        'forum1',
        'forum1More',
        'forum2',
        'topicB',
        'recsA',
        'recsB',
        'feed',
        'feed1',
        'homePage',
        'forum1Page',
        'forum2Page',
        'topicBPage',
      ],
    );
  });

  it('shows an edited reply on the topic only, an edited main message in the lists too', async () => {
    await expectWriteShown(
      () =>
        api().put(
          '/api/message',
          { messageId: lastReplyOfA, content: '<p>נערך</p>' },
          { token: author.token },
        ),
      ['topicA', 'topicAPage'],
      ['home', 'forum1', 'forum2', 'topicB', 'recsB', 'feed', 'homePage', 'forum1Page', 'topicBPage'],
    );
    await expectWriteShown(
      () =>
        api().put('/api/message', { messageId: topicA, content: '<p>פתיח חדש</p>' }, { token: author.token }),
      ['topicA', 'home', 'forum1', 'recsB', 'feed', 'feed1', 'topicAPage', 'homePage', 'forum1Page'],
      ['forum2', 'topicB', 'forum2Page'],
    );
  });

  it('shows a deleted reply', async () => {
    const added = json<Message>(
      await api().post(
        '/api/message',
        { topicId: topicA, content: '<p>למחיקה</p>' },
        { token: author.token },
      ),
    );
    await expectWriteShown(
      () => api().delete(`/api/message/${added.id}`, { token: author.token }),
      ['topicA', 'home', 'forum1', 'recsB', 'topicAPage', 'homePage', 'forum1Page'],
      ['forum2', 'topicB', 'forum2Page'],
    );
  });

  it('shows a new topic in its forum, the home list and the feeds', async () => {
    await expectWriteShown(
      () =>
        api().post(
          '/api/topic',
          { subject: 'עוגה חדשה', message: '<p>שלום</p>', forumId: 1 },
          { token: author.token },
        ),
      // The `more` pages hold older topics, which a new one at the top does not move.
      ['home', 'forum1', 'feed', 'feed1', 'homePage', 'forum1Page'],
      ['forum2', 'topicA', 'topicB', 'forums', 'feed2', 'forum2Page'],
    );
  });

  it('shows a renamed topic and a refreshed image everywhere the topic is listed', async () => {
    await expectWriteShown(
      () =>
        api().put('/api/topic/subject', { topicId: topicB, subject: 'עוגה טבעונית' }, { token: admin.token }),
      ['topicB', 'forum2', 'home', 'recsA', 'feed', 'feed2', 'topicBPage', 'forum2Page', 'homePage'],
      ['forum1', 'topicA', 'forum1Page'],
    );
    await ctx.db.updateTable('topics').set({ image: 'stale-big.webp' }).where('id', '=', topicB).execute();
    app.guestCache.clear();
    await expectWriteShown(
      () => api().get(`/api/topic/image/${topicB}`, { token: admin.token }),
      ['topicB', 'forum2', 'home', 'recsA', 'topicBPage', 'forum2Page', 'homePage'],
      ['forum1', 'topicA', 'forum1Page'],
    );
  });

  it('shows a moved topic leaving one forum for the other', async () => {
    await expectWriteShown(
      () => api().put('/api/topic/move', { topicId: topicB, forumId: 1 }, { token: admin.token }),
      ['topicB', 'forum1', 'forum2', 'feed1', 'feed2', 'topicBPage', 'forum1Page', 'forum2Page'],
      ['topicA'],
    );
    await expectWriteShown(
      () => api().put('/api/topic/move', { topicId: topicB, forumId: 2 }, { token: admin.token }),
      ['topicB', 'forum1', 'forum2', 'topicBPage', 'forum1Page', 'forum2Page'],
      ['topicA'],
    );
  });

  /** A member who wrote the one reply of topic B, with a password they can confirm a deletion with. */
  async function replierOfTopicB(): Promise<TestUser> {
    const replier = await createUser(ctx.db, { now: ctx.clock.now(), password: 'replier-password' });
    await createReply(ctx.db, { topicId: topicB, userId: replier.user.id, now: ctx.clock.now() });
    // Written beside the app, which publishes nothing for it: start from an empty cache.
    app.guestCache.clear();
    return replier;
  }

  it('shows a member made admin, and no longer admin, with the badge beside their name at once', async () => {
    const replier = await replierOfTopicB();
    const setAdmin = (isAdmin: boolean) => () =>
      api().put(`/api/admin/users/${replier.user.id}/admin`, { isAdmin }, { token: admin.token });
    await expectWriteShown(setAdmin(true), ['topicB', 'topicBPage'], []);
    await expectWriteShown(setAdmin(false), ['topicB', 'topicBPage'], []);
  });

  it("shows a deleted account's messages under a deleted user's name at once", async () => {
    const replier = await replierOfTopicB();
    const deleteAccount = () =>
      api().delete('/api/me', { token: replier.token }, { password: 'replier-password' });
    await expectWriteShown(deleteAccount, ['topicB', 'topicBPage'], []);
    expect((await guestGet(urls().topicBPage)).body).not.toContain(replier.user.username);
  });

  it('shows a deleted topic gone from every list, and its page gone', async () => {
    const doomed = json<TopicResponse>(
      await api().post(
        '/api/topic',
        { subject: 'זמני', message: '<p>x</p>', forumId: 2 },
        { token: author.token },
      ),
    ).post.id;
    const doomedUrls = [`/api/topic/${doomed}`, `/topic/${doomed}`];
    for (const url of doomedUrls) {
      expect((await guestGet(url)).statusCode, url).toBe(200);
      expect(isCached(url), url).toBe(true);
    }
    await expectWriteShown(
      () => api().delete(`/api/topic/${doomed}`, { token: admin.token }),
      ['home', 'forum2', 'feed', 'feed2', 'homePage', 'forum2Page'],
      ['topicA', 'topicB', 'forum1More', 'forum1Page'],
    );
    for (const url of doomedUrls) expect((await guestGet(url)).statusCode, url).toBe(404);
  });

  describe('conditional requests', () => {
    it.each([
      ['the JSON', 'api/topic'],
      ['the page', 'topic'],
    ])('answers 304 with the same ETag until a write changes %s, in every encoding', async (_, prefix) => {
      const url = `/${prefix}/${topicA}`;
      const first = await guestGet(url, { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      for (const encoding of ['br', 'gzip', '']) {
        const again = await guestGet(url, { 'if-none-match': etag, 'accept-encoding': encoding });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      await api().post(
        '/api/message',
        { topicId: topicA, content: '<p>עוד אחת</p>' },
        { token: author.token },
      );
      const changed = await guestGet(url, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      const current = await guestGet(url, { 'if-none-match': String(changed.headers.etag) });
      expect(current.statusCode).toBe(304);
    });

    it('answers 304 on a miss too, when the client holds the current answer', async () => {
      const url = '/api/forums';
      const etag = String((await guestGet(url)).headers.etag);
      app.guestCache.clear();
      expect((await guestGet(url, { 'if-none-match': `"x", ${etag}` })).statusCode).toBe(304);
    });
  });

  it('answers a HEAD with the headers its GET gets, from the cache when it holds the answer, never filling it', async () => {
    const headersOf = (response: LightMyRequestResponse) => {
      const { date: _date, 'set-cookie': _cookie, ...rest } = response.headers;
      return rest;
    };
    for (const url of [`/api/topic/${topicA}`, '/api/home', `/topic/${topicA}`]) {
      const accept = { 'accept-encoding': 'br' };
      app.guestCache.clear();
      const missed = await app.inject({ method: 'HEAD', url, headers: accept });
      expect(missed.statusCode, url).toBe(200);
      expect(missed.body, url).toBe('');
      if (!isPage(url)) expect(isCached(url), url).toBe(false);
      const get = await guestGet(url, accept);
      expect(isCached(url), url).toBe(true);
      // A miss is compressed once for this client (a fast brotli), the kept answer for all (brotli 5).
      const { 'content-length': _length, ...missedHeaders } = headersOf(missed);
      const { 'content-length': _kept, ...getHeaders } = headersOf(get);
      expect(missedHeaders, url).toEqual(getHeaders);
      const { result: hit, statements } = await countStatements(() =>
        app.inject({ method: 'HEAD', url, headers: accept }),
      );
      expect(statements, url).toBe(0);
      expect(hit.body, url).toBe('');
      expect(headersOf(hit), url).toEqual(headersOf(get));
    }
  });

  describe('logged-in requests', () => {
    it('read the public answer but never fill the cache', async () => {
      const url = `/api/topic/${topicB}`;
      app.guestCache.clear();
      const asUser = await api().get(url, { token: author.token });
      expect(asUser.statusCode).toBe(200);
      expect(isCached(url)).toBe(false);
      const asGuest = await guestGet(url);
      expect(isCached(url)).toBe(true);
      expect((await api().get(url, { token: admin.token })).body).toBe(asGuest.body);
      expect(asUser.body).toBe(asGuest.body);
    });

    it('look up no session on a public route: a miss costs what a guest’s does', async () => {
      const url = `/api/topic/${topicA}`;
      app.guestCache.clear();
      const { result: asGuest, statements: guestStatements } = await countStatements(() => guestGet(url));
      for (const token of [author.token, 'forged-token']) {
        app.guestCache.clear();
        const { result: asUser, statements } = await countStatements(() => api().get(url, { token }));
        expect(asUser.statusCode).toBe(200);
        expect(asUser.body).toBe(asGuest.body);
        expect(statements).toBe(guestStatements);
      }
      // A HEAD runs the GET's handler (not from the cache): no session lookup there either.
      const head = (token?: string) =>
        app.inject({ method: 'HEAD', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      const { result: guestHead, statements: guestHeadStatements } = await countStatements(() => head());
      expect(guestHead.statusCode).toBe(200);
      for (const token of [author.token, 'forged-token']) {
        const { result: userHead, statements } = await countStatements(() => head(token));
        expect(userHead.statusCode).toBe(200);
        expect(userHead.headers.etag).toBe(guestHead.headers.etag);
        expect(statements).toBe(guestHeadStatements);
      }
      // A personal route still knows who asks, and refuses a forged token.
      expect((await api().get('/api/notifications', { token: author.token })).statusCode).toBe(200);
      expect((await api().get('/api/notifications', { token: 'forged-token' })).statusCode).toBe(401);
    });

    it("never get another user's personal answer, which is private and never kept", async () => {
      const asAdmin = await api().get('/api/messageReport', { token: admin.token });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.headers['cache-control']).toBe('private, no-store');
      expect(isCached('/api/messageReport')).toBe(false);
      expect((await api().get('/api/messageReport', { token: author.token })).statusCode).toBe(403);
      expect((await guestGet('/api/messageReport')).statusCode).toBe(401);
    });
  });

  it('answers the readers who ask at once after a write with one read: JSON and pages; with the cache off each reads', async () => {
    const readers = 8;
    const write = async () => {
      const response = await api().post(
        '/api/message',
        { topicId: topicB, content: '<p>כולם קוראים</p>' },
        { token: author.token },
      );
      expect(response.statusCode, response.body).toBe(200);
    };
    const together = (server: FastifyInstance, url: string, headers: Record<string, string>[]) =>
      countStatements(() => Promise.all(headers.map((header) => server.inject({ url, headers: header }))));
    for (const url of [urls().topicB, urls().topicBPage]) {
      await write();
      const { statements: alone } = await together(app, url, [{}]);
      expect(alone, url).toBeGreaterThan(0);
      await write();
      // Browsers, a gzip-only script, a logged-in reader (who reads the public answer, never fills).
      const headers = Array.from({ length: readers }, (_, n): Record<string, string> => {
        if (n === readers - 1) return { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'br' };
        return { 'accept-encoding': n === 1 ? 'gzip' : 'gzip, deflate, br' };
      });
      const { result: answers, statements } = await together(app, url, headers);
      // One read, and the logged-in reader's session lookup: far fewer than a read each. (Whatever
      // else runs meanwhile is counted too, e.g. the PostgreSQL listener's heartbeat: no exact sum.)
      expect(statements, url).toBeLessThan((readers * alone) / 2);
      const fresh = await truth.inject(url);
      // A small answer is sent plain to everyone.
      const compressed = fresh.rawPayload.length >= 1024;
      for (const [n, answer] of answers.entries()) {
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['content-encoding'], url).toBe(
          compressed ? (n === 1 ? 'gzip' : 'br') : undefined,
        );
        expect(answer.headers.etag, url).toBe(answers[0]?.headers.etag);
        const encoding = answer.headers['content-encoding'];
        const body =
          encoding === 'br'
            ? brotliDecompressSync(answer.rawPayload)
            : encoding === 'gzip'
              ? gunzipSync(answer.rawPayload)
              : answer.rawPayload;
        expect(content(url, body.toString()), url).toBe(content(url, fresh.body));
      }
      const { statements: uncached } = await together(truth, url, [{}]);
      const { statements: uncachedTogether } = await together(truth, url, Array(readers).fill({}));
      expect(uncachedTogether, url).toBeGreaterThanOrEqual(readers * uncached);
    }
  });

  it('keeps within its byte bound under a flood of distinct paths, oldest out first', async () => {
    const small = await buildApp({
      config: { ...ctx.config, guestCacheBytes: 16 * 1024 },
      db: ctx.db,
      clock: ctx.clock,
      logger: false,
      clientDir: '/nonexistent',
    });
    try {
      await small.ready();
      const first = `/api/topic/${topicA}/more/1`;
      for (let n = 1; n <= 600; n += 1) {
        const response = await small.inject(`/api/topic/${topicA}/more/${n}`);
        expect(response.statusCode).toBe(200);
        expect(small.guestCache.bytes).toBeLessThanOrEqual(16 * 1024);
      }
      expect(small.guestCache.count).toBeGreaterThan(10);
      expect(small.guestCache.count).toBeLessThan(600);
      expect(small.guestCache.get(first)).toBeUndefined();
      expect(small.guestCache.get(`/api/topic/${topicA}/more/600`)).toBeDefined();
      expect(small.guestCache.tagCount).toBe(1);
    } finally {
      await small.close();
    }
  });
});
