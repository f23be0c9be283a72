import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import type { Database } from '../../db/database';
import { CACHE_CONTROL_PUBLIC } from '../../guest-cache/http';
import { findForum, listForums } from '../forums/forums.repository';
import { activityMsOf } from '../topics/topics.repository';
import { apiError } from '../../http-error';
import { findUsersByIds } from '../users/users.repository';
import {
  atomFeed,
  type FeedTopic,
  SITEMAP_NAMESPACE,
  sitemapItem,
  URLSET_CLOSE,
  URLSET_OPEN,
} from './feeds.xml';
import { forumsLastActivity, newestTopics, topicSitemapPages, topicsInIdRange } from './feeds.repository';
import { XML_DECLARATION } from './xml';

/** Topics in a feed. */
export const FEED_SIZE = 30;
/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read at a time while a sitemap page streams out. */
const SITEMAP_BATCH = 1000;

const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

/** Pages crawlers have no business in: personal, endless (search) or one-time links from mails. */
export const ROBOTS_DISALLOWED = [
  '/search',
  '/edit-profile',
  '/message-reports',
  '/activate-user',
  '/forgot-password',
  '/page/not-found',
  '/admin',
  '/moderation-log',
  '/unread',
];

async function feedFor(
  db: Kysely<Database>,
  options: { publicUrl: string; title: string; pagePath: string; selfPath: string; forumId?: number },
) {
  const topics: FeedTopic[] = await newestTopics(db, { forumId: options.forumId, limit: FEED_SIZE });
  const users = await findUsersByIds(
    db,
    topics.map((topic) => topic.user_id),
  );
  const forums = await listForums(db);
  return atomFeed({
    ...options,
    topics,
    usernames: new Map(users.map((user) => [user.id, user.username])),
    forumNames: new Map(forums.map((forum) => [forum.id, forum.name])),
  });
}

/** One topic sitemap page, read and written a batch at a time: never the whole list in memory. */
async function* topicSitemap(db: Kysely<Database>, publicUrl: string, page: number, pageSize: number) {
  yield URLSET_OPEN;
  const from = page * pageSize;
  let afterId = from - 1;
  for (;;) {
    const rows = await topicsInIdRange(db, { from, to: from + pageSize, afterId, limit: SITEMAP_BATCH });
    yield rows
      .map((row) => sitemapItem('url', `${publicUrl}/topic/${row.id}`, activityMsOf(row.timestamp)))
      .join('');
    const last = rows.at(-1);
    if (!last || rows.length < SITEMAP_BATCH) break;
    afterId = last.id;
  }
  yield URLSET_CLOSE;
}

/**
 * For crawlers and feed readers: robots.txt, a sitemap index with a sitemap of the forums and
 * paged sitemaps of the topics, and Atom feeds of the newest topics, of all forums and of each.
 * The feeds are public answers the guest cache keeps (see PUBLIC_ROUTES); the sitemaps stream.
 */
export const feedsRoutes: FastifyPluginAsyncZod<{ sitemapPageSize?: number }> = async (app, options) => {
  const pageSize = options.sitemapPageSize ?? SITEMAP_MAX_URLS;
  const publicUrl = app.config.publicUrl;
  const schema = { hide: true };

  app.get('/robots.txt', { schema }, async (_request, reply) => {
    const lines = ['User-agent: *', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), ''];
    lines.push(`Sitemap: ${publicUrl}/sitemap.xml`, '');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL_PUBLIC)
      .send(lines.join('\n'));
  });

  app.get('/feed.xml', { schema }, async (_request, reply) => {
    const { siteName } = await app.siteSettings.get();
    const feed = await feedFor(app.db, {
      publicUrl,
      title: siteName,
      pagePath: '/',
      selfPath: '/feed.xml',
    });
    return reply.type(ATOM_TYPE).send(feed);
  });

  app.get(
    '/forum/:forumId/feed.xml',
    { schema: { ...schema, params: z.object({ forumId: idParam }) } },
    async (request, reply) => {
      const { forumId } = request.params;
      const forum = await findForum(app.db, forumId);
      if (!forum) throw apiError('forum_not_found');
      const { siteName } = await app.siteSettings.get();
      const feed = await feedFor(app.db, {
        publicUrl,
        title: `${forum.name} · ${siteName}`,
        pagePath: `/forum/${forumId}`,
        selfPath: `/forum/${forumId}/feed.xml`,
        forumId,
      });
      return reply.type(ATOM_TYPE).send(feed);
    },
  );

  app.get('/sitemap.xml', { schema }, async (_request, reply) => {
    const pages = await topicSitemapPages(app.db, pageSize);
    const newest = Math.max(0, ...pages.map((page) => page.timestamp));
    const items = [
      sitemapItem('sitemap', `${publicUrl}/sitemaps/forums.xml`, newest ? activityMsOf(newest) : undefined),
      ...pages.map((page) =>
        sitemapItem('sitemap', `${publicUrl}/sitemaps/topics-${page.page}.xml`, activityMsOf(page.timestamp)),
      ),
    ];
    const body = `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items.join('')}</sitemapindex>\n`;
    return reply.type(XML_TYPE).header('cache-control', CACHE_CONTROL_PUBLIC).send(body);
  });

  app.get('/sitemaps/forums.xml', { schema }, async (_request, reply) => {
    const forums = await listForums(app.db);
    const activity = new Map(
      (await forumsLastActivity(app.db)).map((row) => [row.forum_id, activityMsOf(Number(row.timestamp))]),
    );
    const newest = Math.max(0, ...activity.values());
    const items = [
      sitemapItem('url', `${publicUrl}/`, newest || undefined),
      ...forums.map((forum) => sitemapItem('url', `${publicUrl}/forum/${forum.id}`, activity.get(forum.id))),
    ];
    return reply
      .type(XML_TYPE)
      .header('cache-control', CACHE_CONTROL_PUBLIC)
      .send(`${URLSET_OPEN}${items.join('')}${URLSET_CLOSE}`);
  });

  app.get(
    '/sitemaps/topics-:page(^\\d+).xml',
    { schema: { ...schema, params: z.object({ page: z.coerce.number().int().min(0).max(1e9) }) } },
    async (request, reply) =>
      reply
        .type(XML_TYPE)
        .header('cache-control', CACHE_CONTROL_PUBLIC)
        .send(Readable.from(topicSitemap(app.db, publicUrl, request.params.page, pageSize))),
  );
};
