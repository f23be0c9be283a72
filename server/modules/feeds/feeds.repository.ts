import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';

/** The newest topics by creation (id), of all forums or one. */
export function newestTopics(db: Kysely<Database>, options: { forumId?: number; limit: number }) {
  let query = db
    .selectFrom('topics')
    .select(['id', 'forum_id', 'user_id', 'subject', 'preview', 'created_at', 'timestamp']);
  if (options.forumId !== undefined) query = query.where('forum_id', '=', options.forumId);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

/** Each forum's last activity (order key), for the forums that have topics. */
export function forumsLastActivity(db: Kysely<Database>) {
  return db
    .selectFrom('topics')
    .select((eb) => ['forum_id', eb.fn.max('timestamp').as('timestamp')])
    .groupBy('forum_id')
    .execute();
}

/**
 * The topic sitemap pages that hold topics: page n covers ids from n × pageSize up to (but not
 * including) (n + 1) × pageSize, so a page never lists more than pageSize topics, its address stays
 * the same as topics are added, and no query needs OFFSET. With each page, its last activity.
 */
export async function topicSitemapPages(db: Kysely<Database>, pageSize: number) {
  const page = sql<number>`id / ${sql.lit(pageSize)}`;
  const rows = await db
    .selectFrom('topics')
    .select((eb) => [page.as('page'), eb.fn.max('timestamp').as('timestamp')])
    .groupBy(page)
    .orderBy(page)
    .execute();
  return rows.map((row) => ({ page: Number(row.page), timestamp: Number(row.timestamp) }));
}

/** Up to `limit` topics with ids in [from, to) after `afterId`, ascending: one batch of a sitemap page. */
export function topicsInIdRange(
  db: Kysely<Database>,
  range: { from: number; to: number; afterId: number; limit: number },
) {
  return db
    .selectFrom('topics')
    .select(['id', 'timestamp'])
    .where('id', '>=', range.from)
    .where('id', '<', range.to)
    .where('id', '>', range.afterId)
    .orderBy('id', 'asc')
    .limit(range.limit)
    .execute();
}
