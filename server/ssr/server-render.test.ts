import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// The server-render entry itself, as `npm run build:render` bundles it (the server loads the build).
import { serverEntry } from '../../client/entry-server';
import { APP_LOADER_SCRIPT, APP_SCRIPTS_ID } from '../../shared/app-loader-script';
import { SERVER_STATE_ID, type ServerState, jsonForScript } from '../../shared/server-render';
import { buildApp } from '../app';
import { ENTRY_CSS, TOPIC_PAGE_CSS, writeClientBuild } from '../test/client-build';
import { describeEachDatabase } from '../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../test/factories';
import { apiClient } from '../test/http';
import { fetchPageData } from './page-data';

interface Page {
  response: LightMyRequestResponse;
  document: Document;
  jsonLd: Record<string, unknown>[];
}

function parse(response: LightMyRequestResponse): Page {
  const { document } = new JSDOM(response.body).window;
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
  return { response, document, jsonLd };
}

const meta = (document: Document, selector: string) =>
  document.querySelector(selector)?.getAttribute('content') ?? null;

describe('jsonForScript', () => {
  it('cannot close the script it sits in and reads back the same', () => {
    const value = { subject: '</script><script>alert(1)</script> & <!-- \u2028 \u2029' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describeEachDatabase('server-rendered pages', (ctx) => {
  let app: FastifyInstance;
  let author: TestUser;
  let admin: TestUser;
  let topicId: number;
  let replies: number[];
  const api = () => apiClient(app);
  const get = async (url: string) => parse(await app.inject(url));
  const hostile = `שאלה על "ציטוט" & <b>תגים</b> </script><script>alert(1)</script>`;

  beforeAll(async () => {
    author = await createUser(ctx.db, { now: ctx.clock.now() });
    admin = await createUser(ctx.db, { admin: true, now: ctx.clock.now() });
    for (let i = 0; i < 8; i += 1) {
      ctx.clock.advance(1000);
      await createTopic(ctx.db, {
        userId: author.user.id,
        forumId: 2,
        subject: `נושא ישן ${i}`,
        now: ctx.clock.now(),
      });
    }
    ctx.clock.advance(1000);
    const created = await createTopic(ctx.db, {
      userId: author.user.id,
      forumId: 1,
      subject: hostile,
      content: `<p>${'מילים רבות בהודעה הראשית '.repeat(12)}</p>`,
      now: ctx.clock.now(),
    });
    topicId = created.topic.id;
    await ctx.db.updateTable('topics').set({ image: 'abcdef-big.webp' }).where('id', '=', topicId).execute();
    replies = [];
    for (let i = 0; i < 9; i += 1) {
      ctx.clock.advance(1000);
      replies.push(
        (
          await createReply(ctx.db, {
            topicId,
            userId: author.user.id,
            content: `<p>תגובה מספר ${i}</p>`,
            now: ctx.clock.now(),
          })
        ).id,
      );
    }
    app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logger: false,
      clientDir: writeClientBuild(),
      serverEntry,
    });
    await app.ready();
  });

  afterAll(() => app?.close());

  beforeEach(() => {
    ctx.clock.advance(60_000);
  });

  it('makes the same page with the synchronous renderer as with the streaming one', async () => {
    const sources = {
      deps: app.deps,
      siteSettings: app.siteSettings,
      livePosition: () => app.liveEvents.streams.position(),
    };
    const options = { publicUrl: ctx.config.publicUrl, status: 200 as const };
    for (const url of ['/', '/forum/1', `/topic/${topicId}`, '/policy']) {
      const results = await fetchPageData(sources, serverEntry.pageQueries(url) ?? []);
      // The first render of a page loads its route's chunk; from then on nothing suspends.
      await serverEntry.render(url, results, options);
      const streamed = await serverEntry.render(url, results, { ...options, streaming: true });
      const atOnce = await serverEntry.render(url, results, options);
      expect(atOnce.html.length).toBeGreaterThan(1000);
      // The state carries the time it was made: the rest must be the same.
      const timeless = (page: typeof atOnce) => ({
        ...page,
        state: page.state.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, ''),
      });
      expect(timeless(atOnce)).toEqual(timeless(streamed));
    }
  });

  it('renders a topic: breadcrumbs, header, main message, the latest 7 replies, and its head', async () => {
    const { response, document, jsonLd } = await get(`/topic/${topicId}`);
    expect(response.statusCode).toBe(200);
    const publicUrl = ctx.config.publicUrl;
    expect(document.title).toBe(`${ctx.config.siteName}: ${hostile}`);
    expect(document.querySelector('h1')?.textContent).toBe(hostile);
    const crumbs = [...document.querySelectorAll('nav.breadcrumbs li')].map((item) => item.textContent);
    expect(crumbs).toHaveLength(3);
    expect(crumbs[2]).toBe(hostile);
    const messages = [...document.querySelectorAll('article.message')];
    expect(messages).toHaveLength(8);
    expect(messages[0]?.textContent).toContain('מילים רבות בהודעה הראשית');
    expect(messages.at(-1)?.textContent).toContain('תגובה מספר 8');
    expect(document.body.textContent).not.toContain('תגובה מספר 1');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${publicUrl}/topic/${topicId}`,
    );
    const description = meta(document, 'meta[name="description"]') ?? '';
    expect(description.startsWith('מילים רבות בהודעה הראשית')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    const image = `${publicUrl}/api/images/abcdef-big.webp`;
    expect(meta(document, 'meta[property="og:image"]')).toBe(image);
    expect(meta(document, 'meta[name="twitter:image"]')).toBe(image);
    expect(meta(document, 'meta[property="og:title"]')).toBe(hostile);
    expect(meta(document, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    // The hostile subject closed no script: the page holds only the scripts it is made of.
    expect([...document.querySelectorAll('script')].map((script) => script.type)).toEqual([
      'application/ld+json',
      'application/ld+json',
      'application/json',
      'application/json',
      '',
    ]);
    const posting = jsonLd.find((data) => data['@type'] === 'DiscussionForumPosting');
    expect(posting).toMatchObject({
      headline: hostile,
      author: { '@type': 'Person', name: author.user.username },
      image,
      url: `${publicUrl}/topic/${topicId}`,
    });
    expect(typeof posting?.datePublished).toBe('string');
    expect(String(posting?.dateModified) >= String(posting?.datePublished)).toBe(true);
    expect(posting?.interactionStatistic).toEqual([
      expect.objectContaining({ interactionType: 'https://schema.org/LikeAction', userInteractionCount: 0 }),
      expect.objectContaining({
        interactionType: 'https://schema.org/CommentAction',
        userInteractionCount: 9,
      }),
    ]);
    expect(((posting?.comment ?? []) as { text: string }[]).map((comment) => comment.text)).toEqual(
      [2, 3, 4, 5, 6, 7, 8].map((i) => `תגובה מספר ${i}`),
    );
    const trail = jsonLd.find((data) => data['@type'] === 'BreadcrumbList');
    expect(
      ((trail?.itemListElement ?? []) as { name: string; item: string }[]).map((item) => item.item),
    ).toEqual([`${publicUrl}/`, `${publicUrl}/forum/1`, `${publicUrl}/topic/${topicId}`]);
    // No script is fetched before the first paint: the entry, its imports and the route's chunk are
    // listed for the loader at the end of the body (shared/app-loader-script.ts), the entry's own
    // chunks once.
    expect(document.querySelectorAll('script[src], link[rel="modulepreload"]')).toHaveLength(0);
    const scripts = document.getElementById(APP_SCRIPTS_ID);
    expect(JSON.parse(scripts?.textContent ?? '{}')).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/react-1.js', '/assets/topic-page-1.js', '/assets/post-card-1.js'],
    });
    expect(scripts?.nextElementSibling?.textContent).toBe(APP_LOADER_SCRIPT);
    expect(document.body.lastElementChild).toBe(scripts?.nextElementSibling);
  });

  it('carries its stylesheets inline, allowed by the CSP by hash, and preloads the fonts and the lead picture', async () => {
    const styleSources = (response: LightMyRequestResponse) =>
      /style-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1]?.split(' ') ?? [];
    const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    // Rendered, then from the guest cache: the same styles and the policy that allows them.
    for (let visit = 0; visit < 2; visit += 1) {
      const { response, document } = await get(`/topic/${topicId}`);
      expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
      const inline = [...document.querySelectorAll('head style')].map((style) => style.textContent ?? '');
      expect(inline).toEqual([ENTRY_CSS, TOPIC_PAGE_CSS]);
      const styles = styleSources(response);
      expect(styles).toEqual(expect.arrayContaining(["'self'", hash(ENTRY_CSS), hash(TOPIC_PAGE_CSS)]));
      expect(styles).not.toContain("'unsafe-inline'");
      const fonts = [...document.querySelectorAll('link[rel="preload"][as="font"]')];
      expect(fonts.map((font) => font.getAttribute('href'))).toEqual([
        '/assets/rubik-hebrew-wght-normal-X1.woff2',
        '/assets/rubik-latin-wght-normal-X2.woff2',
      ]);
      expect(fonts.every((font) => font.hasAttribute('crossorigin'))).toBe(true);
      // The topic's image is the first screen's largest element: asked for early, first, never lazily.
      const lead = document.querySelector('head link[rel="preload"][as="image"]');
      expect(lead?.getAttribute('href')).toBe('/api/images/abcdef-big.webp');
      expect(lead?.getAttribute('fetchpriority')).toBe('high');
      const image = document.querySelector('img.topic-header__image');
      expect(image?.getAttribute('fetchpriority')).toBe('high');
      expect(image?.hasAttribute('loading')).toBe(false);
    }
    // The home page's: the slider's first picture, the one marked to come first.
    const home = (await get('/')).document;
    const slides = [...home.querySelectorAll('img.slider__image')];
    expect(slides[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(home.querySelector('head link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(
      slides[0]?.getAttribute('src'),
    );
    // A page left to the browser is the same shell, styled the same way.
    const shell = await app.inject('/search?q=x');
    expect(shell.body).toContain(`<style>${ENTRY_CSS}</style>`);
    expect(styleSources(shell)).toContain(hash(ENTRY_CSS));
    // Elsewhere the app's own policy: no inline style element at all; an API answer allows no style.
    expect(styleSources(await app.inject('/robots.txt'))).toEqual(["'self'"]);
    expect(styleSources(await app.inject('/api/forums'))).toEqual([]);
  });

  it('dehydrates the queries the page shows under the client keys', async () => {
    const { document } = await get(`/topic/${topicId}`);
    const state = JSON.parse(document.getElementById(SERVER_STATE_ID)?.textContent ?? '{}') as {
      status: number;
      queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    expect(state.status).toBe(200);
    const keys = state.queries.queries.map((query) => query.queryKey[0]);
    expect(keys.sort()).toEqual(['/api/forums', '/api/site', `/api/topic/${topicId}`].sort());
    const topic = state.queries.queries.find((query) => query.queryKey[0] === `/api/topic/${topicId}`);
    // The same answer the JSON route gives.
    expect((topic?.state.data as { pages: unknown[] } | undefined)?.pages[0]).toEqual(
      (await app.inject(`/api/topic/${topicId}`)).json(),
    );
  });

  it('renders the home page: the slider with its first topic and the list of 7', async () => {
    const { response, document } = await get('/');
    expect(response.statusCode).toBe(200);
    expect(document.title).toBe(`${ctx.config.siteName}: דף הבית`);
    expect(document.querySelector('.slider__slide .slider__subject')?.textContent).toBe(hostile);
    expect(document.querySelectorAll('.post-list__items > li')).toHaveLength(7);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ctx.config.publicUrl}/`,
    );
    expect(meta(document, 'meta[property="og:type"]')).toBe('website');
  });

  it('renders a forum page with its name, list, breadcrumbs and feed link', async () => {
    const { response, document, jsonLd } = await get('/forum/2');
    expect(response.statusCode).toBe(200);
    const forumName = document.querySelector('h1')?.textContent?.trim() ?? '';
    expect(forumName.length).toBeGreaterThan(0);
    expect(document.title).toBe(`${ctx.config.siteName}: ${forumName}`);
    expect(document.querySelectorAll('.post-list__items > li')).toHaveLength(7);
    expect(document.querySelector('link[rel="alternate"][href="/forum/2/feed.xml"]')).not.toBeNull();
    expect(jsonLd).toEqual([expect.objectContaining({ '@type': 'BreadcrumbList' })]);
  });

  it('renders the terms and the not-found page', async () => {
    const policy = await get('/policy');
    expect(policy.response.statusCode).toBe(200);
    expect(policy.document.title).toBe(`${ctx.config.siteName}: תנאי השימוש באתר`);
    expect(policy.document.getElementById('root')?.textContent).toContain('תנאי השימוש');
    const missing = await get('/page/not-found');
    expect(missing.response.statusCode).toBe(404);
    expect(missing.document.querySelector('h1')?.textContent).toBe('העמוד לא נמצא');
    expect(meta(missing.document, 'meta[name="robots"]')).toBe('noindex');
  });

  it('lays out members’ Hebrew right to left when it opens with an English word or a Latin name, and English left to right', async () => {
    const subject = 'Git או Python לפרויקט חדש?';
    const { topic } = await createTopic(ctx.db, {
      userId: author.user.id,
      forumId: 5,
      subject,
      content: '<p>Python נראה לי פשוט יותר</p>',
      now: ctx.clock.now(),
    });
    for (const content of [
      '<blockquote><b>david88 כתב/ה:</b><br>לא בטוח שהבנתי</blockquote><p>תוסיף אימון</p>',
      '<p>Thanks, that helped</p>',
      '<p>42 :)</p>',
      '<p>Thanks, that helped.</p><p>Git או Python? שאלה טובה.</p>',
    ]) {
      ctx.clock.advance(1000);
      await createReply(ctx.db, { topicId: topic.id, userId: admin.user.id, content, now: ctx.clock.now() });
    }
    const { document } = await get(`/topic/${topic.id}`);
    expect(document.querySelector('h1')?.getAttribute('dir')).toBe('rtl');
    expect(document.querySelector('nav.breadcrumbs li:last-child span')?.getAttribute('dir')).toBe('rtl');
    const bodies = [...document.querySelectorAll('article.message .message-content')];
    // The page's own direction (no attribute) for a text without letters.
    expect(bodies.map((body) => body.getAttribute('dir'))).toEqual(['rtl', 'rtl', 'ltr', null, 'rtl']);
    // And each paragraph or quote in its own: an English line of a Hebrew message left to right.
    const blocks = (body: Element | undefined) =>
      [...(body?.querySelectorAll('p, blockquote') ?? [])].map((block) => block.getAttribute('dir'));
    expect(blocks(bodies[1])).toEqual(['rtl', 'rtl']);
    expect(blocks(bodies[4])).toEqual(['ltr', 'rtl']);
    const forum = (await get('/forum/5')).document;
    const card = forum.querySelector(`.post-card__subject a[href="/topic/${topic.id}"]`);
    expect(card?.getAttribute('dir')).toBe('rtl');
    expect(card?.closest('.post-card')?.querySelector('.post-card__preview')?.getAttribute('dir')).toBe(
      'rtl',
    );
  });

  it('answers an unknown topic or forum and a path that is no route with 404 and the not-found page', async () => {
    for (const url of ['/topic/99999999', '/forum/99999', '/no/such/page']) {
      const { response, document } = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(document.querySelector('h1')?.textContent, url).toBe('העמוד לא נמצא');
      const state = JSON.parse(document.getElementById(SERVER_STATE_ID)?.textContent ?? '{}') as {
        status: number;
      };
      expect(state.status).toBe(404);
    }
  });

  it('marks the pages of docs/product.md §1 noindex on the server', async () => {
    for (const url of [
      '/search/שלום',
      '/edit-profile',
      '/message-reports',
      '/activate-user/x',
      '/forgot-password/y',
    ]) {
      const { document } = await get(url);
      expect(meta(document, 'meta[name="robots"]'), url).toBe('noindex');
    }
    expect(meta((await get('/')).document, 'meta[name="robots"]')).toBeNull();
  });

  it('carries the live position its data was read at, from which a stream gets what came after', async () => {
    const stateOf = async (url: string) =>
      JSON.parse(
        (await get(url)).document.getElementById(SERVER_STATE_ID)?.textContent ?? '{}',
      ) as ServerState;
    const { streams } = app.liveEvents;
    const rendered = await stateOf(`/topic/${topicId}`);
    expect(rendered.live).toBe(streams.position());
    expect((await stateOf('/forum/2')).live).toBe(streams.position());
    // A reply lands after the render, before the browser opens its stream from the page's position.
    const posted = await api().post(
      '/api/message',
      { topicId, content: '<p>בין העמוד לזרם</p>' },
      { token: author.token },
    );
    expect(posted.statusCode).toBe(200);
    let received = '';
    const sink = {
      write: (chunk: string) => {
        received += chunk;
        return true;
      },
      end: () => {},
      destroy: () => {},
      writableLength: 0,
    };
    const subscription = {
      topics: new Set([topicId]),
      forums: new Set<number>(),
      home: false,
      reports: false,
    };
    const close = streams.open(sink, {
      address: '127.0.0.1',
      subscription: { ...subscription, notificationsFor: null },
      sessionId: null,
      lastEventId: rendered.live,
    });
    close();
    expect(received).toContain('event: message.created');
    expect(received).not.toContain('event: resync');
    // The page rendered again after the reply starts from the newer position.
    expect((await stateOf(`/topic/${topicId}`)).live).toBe(streams.position());
    expect((await stateOf('/policy')).live).toBeUndefined();
    expect((await stateOf('/topic/99999999')).live).toBeUndefined();
  });

  describe('a cached page shows every write', () => {
    const messageTexts = async () =>
      [...(await get(`/topic/${topicId}`)).document.querySelectorAll('article.message .message-content')].map(
        (element) => element.textContent,
      );

    it('a reply', async () => {
      await get(`/topic/${topicId}`);
      expect(app.guestCache.get(`page:/topic/${topicId}`)).toBeDefined();
      await api().post(
        '/api/message',
        { topicId, content: '<p>תגובה חדשה לגמרי</p>' },
        { token: author.token },
      );
      expect((await messageTexts()).at(-1)).toBe('תגובה חדשה לגמרי');
      expect((await get('/')).document.querySelector('.slider__subject')?.textContent).toBe(hostile);
    });

    it('an edit', async () => {
      await get(`/topic/${topicId}`);
      const last = replies.at(-1) ?? 0;
      const edited = await api().put(
        '/api/message',
        { messageId: last, content: '<p>נערך עכשיו</p>' },
        { token: author.token },
      );
      expect(edited.statusCode).toBe(200);
      expect(await messageTexts()).toContain('נערך עכשיו');
    });

    it('a like', async () => {
      const likes = async () =>
        (await get(`/topic/${topicId}`)).document.querySelectorAll('.message__likes').length;
      const before = await likes();
      const liked = await api().get(`/api/message/like/${replies[5]}`, { token: admin.token });
      expect(liked.statusCode).toBe(200);
      expect(await likes()).toBe(before + 1);
    });

    it('a subject', async () => {
      await get(`/topic/${topicId}`);
      await get('/forum/1');
      const renamed = await api().put(
        '/api/topic/subject',
        { topicId, subject: 'נושא בשם חדש' },
        { token: admin.token },
      );
      expect(renamed.statusCode).toBe(200);
      const page = await get(`/topic/${topicId}`);
      expect(page.document.querySelector('h1')?.textContent).toBe('נושא בשם חדש');
      expect(page.document.title).toBe(`${ctx.config.siteName}: נושא בשם חדש`);
      expect((await get('/forum/1')).document.body.textContent).toContain('נושא בשם חדש');
    });

    it('a topic delete', async () => {
      await get(`/topic/${topicId}`);
      await get('/');
      const deleted = await api().delete(`/api/topic/${topicId}`, { token: admin.token });
      expect(deleted.statusCode).toBe(200);
      expect((await get(`/topic/${topicId}`)).response.statusCode).toBe(404);
      expect((await get('/')).document.body.textContent).not.toContain('נושא בשם חדש');
    });
  });
});
