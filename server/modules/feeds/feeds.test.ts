import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { errorHandlerPlugin } from '../../plugins/error-handler';
import { activityMsOf } from '../topics/topics.repository';
import { feedsRoutes } from './feeds.routes';
import { escapeXml } from './xml';

const TRICKY_SUBJECT = `<b>"שלום" & 'עולם'</b>`;

/** Parses with a real XML parser after validating; every element becomes an array, text stays text. */
function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => ['entry', 'url', 'sitemap', 'link'].includes(name),
    parseTagValue: false,
    parseAttributeValue: false,
  });
  return parser.parse(text);
}

interface AtomEntry {
  title: string;
  id: string;
  updated: string;
  summary: string;
  author: { name: string };
  category: { '@label': string };
}

describe('escapeXml', () => {
  it('escapes the five special characters and drops what XML cannot hold', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('א\u0000ב\u0008ג\uFFFEד\uD800ה\tו')).toBe('אבגדה\tו');
    expect(escapeXml('😀 שָׁלוֹם')).toBe('😀 שָׁלוֹם');
  });
});

describeEachDatabase('feeds, sitemaps and robots.txt', (ctx) => {
  let author: TestUser;
  const topicIds: number[] = [];
  let tricky: number;
  /** The feed routes alone with tiny sitemap pages, to see the paging at work. */
  let paged: FastifyInstance;

  beforeAll(async () => {
    author = await createUser(ctx.db, { username: 'כותב & "בודק"' });
    for (let i = 0; i < 11; i += 1) {
      ctx.clock.advance(1000);
      const forumId = i % 2 === 0 ? 1 : 2;
      const { topic } = await createTopic(ctx.db, {
        userId: author.user.id,
        forumId,
        subject: `נושא ${i}`,
        now: ctx.clock.now(),
      });
      topicIds.push(topic.id);
    }
    ctx.clock.advance(1000);
    tricky = (
      await createTopic(ctx.db, {
        userId: author.user.id,
        forumId: 3,
        subject: TRICKY_SUBJECT,
        content: '<p>תוכן עם &lt;תגית&gt; ו-&amp; "מירכאות"</p>',
        now: ctx.clock.now(),
      })
    ).topic.id;
    topicIds.push(tricky);
    // A reply makes an older topic the most recently active one.
    ctx.clock.advance(1000);
    await createReply(ctx.db, { topicId: topicIds[0] ?? 0, userId: author.user.id, now: ctx.clock.now() });

    paged = Fastify({ logger: false });
    paged.setValidatorCompiler(validatorCompiler);
    paged.setSerializerCompiler(serializerCompiler);
    paged.decorate('db', ctx.db);
    paged.decorate('config', ctx.config);
    await paged.register(errorHandlerPlugin);
    await paged.register(feedsRoutes, { sitemapPageSize: 3 });
    await paged.ready();
  });

  afterAll(() => paged?.close());

  describe('Atom feeds', () => {
    it('lists the newest topics first, as valid XML with the subject, author and forum escaped', async () => {
      const response = await ctx.app.inject('/feed.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const { feed } = parseXml(response.body);
      expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(feed['@xml:lang']).toBe('he');
      expect(feed.title).toBe('קהילה');
      const entries: AtomEntry[] = feed.entry;
      expect(entries.map((entry) => entry.id)).toEqual(
        [...topicIds].reverse().map((id) => `http://forum.test/topic/${id}`),
      );
      const [first] = entries;
      expect(first?.title).toBe(TRICKY_SUBJECT);
      expect(first?.summary).toBe('תוכן עם <תגית> ו-& "מירכאות"');
      expect(first?.author.name).toBe('כותב & "בודק"');
      expect(first?.category['@label']).toBeTruthy();
      expect(feed.link.map((link: { '@rel': string }) => link['@rel'])).toEqual(['self', 'alternate']);
      const topic = await ctx.db
        .selectFrom('topics')
        .selectAll()
        .where('id', '=', topicIds[0] ?? 0)
        .executeTakeFirstOrThrow();
      expect(feed.updated).toBe(new Date(activityMsOf(topic.timestamp)).toISOString());
    });

    it("lists only one forum's topics in its feed, and 404s an unknown forum", async () => {
      const { feed } = parseXml((await ctx.app.inject('/forum/2/feed.xml')).body);
      const expected = topicIds.filter((_id, index) => index < 11 && index % 2 === 1).reverse();
      expect(feed.entry.map((entry: AtomEntry) => entry.id)).toEqual(
        expected.map((id) => `http://forum.test/topic/${id}`),
      );
      expect(feed['@xml:lang']).toBe('he');
      expect((await ctx.app.inject('/forum/9999/feed.xml')).statusCode).toBe(404);
      expect((await ctx.app.inject('/forum/abc/feed.xml')).statusCode).toBe(400);
    });
  });

  describe('sitemaps', () => {
    async function allTopicUrls(app: FastifyInstance) {
      const index = parseXml((await app.inject('/sitemap.xml')).body).sitemapindex;
      expect(index['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      const locs: string[] = index.sitemap.map((entry: { loc: string }) => entry.loc);
      expect(locs[0]).toBe('http://forum.test/sitemaps/forums.xml');
      const urls: string[] = [];
      for (const loc of locs.slice(1)) {
        const response = await app.inject(new URL(loc).pathname);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
        const page: { loc: string; lastmod: string }[] = parseXml(response.body).urlset.url ?? [];
        urls.push(...page.map((entry) => entry.loc));
        expect(page.length).toBeLessThanOrEqual(app === paged ? 3 : 50_000);
      }
      return { locs, urls };
    }

    it('lists every topic exactly once across the paged sitemaps, each page within its limit', async () => {
      const { locs, urls } = await allTopicUrls(paged);
      expect(locs.length).toBeGreaterThan(2);
      expect(urls.sort()).toEqual(topicIds.map((id) => `http://forum.test/topic/${id}`).sort());
      const whole = await allTopicUrls(ctx.app);
      expect(whole.urls.sort()).toEqual(urls);
    });

    it('dates each topic and each page by its last activity', async () => {
      const rows = await ctx.db.selectFrom('topics').select(['id', 'timestamp']).execute();
      const response = await paged.inject('/sitemap.xml');
      const pages: { loc: string; lastmod: string }[] = parseXml(response.body).sitemapindex.sitemap;
      for (const page of pages.slice(1)) {
        const number = Number(/topics-(\d+)\.xml$/.exec(page.loc)?.[1]);
        const inPage = rows.filter((row) => Math.floor(row.id / 3) === number);
        const newest = Math.max(...inPage.map((row) => activityMsOf(row.timestamp)));
        expect(page.lastmod).toBe(new Date(newest).toISOString());
        const urls: { loc: string; lastmod: string }[] = parseXml(
          (await paged.inject(new URL(page.loc).pathname)).body,
        ).urlset.url;
        for (const url of urls) {
          const row = rows.find((candidate) => url.loc.endsWith(`/topic/${candidate.id}`));
          expect(url.lastmod).toBe(new Date(activityMsOf(row?.timestamp ?? 0)).toISOString());
        }
      }
    });

    it('lists the home page and every forum', async () => {
      const forums = await ctx.db.selectFrom('forums').select('id').execute();
      const { urlset } = parseXml((await ctx.app.inject('/sitemaps/forums.xml')).body);
      expect(urlset.url.map((entry: { loc: string }) => entry.loc)).toEqual([
        'http://forum.test/',
        ...forums.map((forum) => `http://forum.test/forum/${forum.id}`),
      ]);
    });

    it('answers an empty page beyond the topics as an empty, valid sitemap', async () => {
      const response = await ctx.app.inject('/sitemaps/topics-999.xml');
      expect(response.statusCode).toBe(200);
      expect(parseXml(response.body).urlset.url).toBeUndefined();
    });
  });

  it('keeps crawlers out of search, profile, reports and mail links, and points at the sitemap', async () => {
    const response = await ctx.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const path of [
      '/search',
      '/edit-profile',
      '/message-reports',
      '/activate-user',
      '/forgot-password',
      '/admin',
      '/moderation-log',
      '/unread',
    ]) {
      expect(response.body).toContain(`Disallow: ${path}\n`);
    }
    expect(response.body).toContain('Sitemap: http://forum.test/sitemap.xml\n');
    expect(response.body).not.toMatch(/Disallow: \/api/);
  });
});
