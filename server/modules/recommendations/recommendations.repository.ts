import { type Kysely, type SqlBool, sql } from 'kysely';
import { databaseKind } from '../../db/connect';
import type { Database, TopicRow } from '../../db/database';
import { ftsPhrase, likeContaining } from '../search/search.repository';

export type Candidate = Pick<TopicRow, 'id' | 'forum_id' | 'subject_search' | 'timestamp'>;

/**
 * The most recently created topics (at most `limit`) other than `excludeId` whose subject contains
 * any of `words` (each already normalised, at least 3 characters), found through the subjects'
 * trigram index. Only the columns needed to rank them. Ordered by id, the order the index keeps,
 * so the lookup stops after `limit` matches however many topics share a word: its cost is the
 * same in a forum of any size.
 */
export function findTopicsWithSubjectWords(
  db: Kysely<Database>,
  words: readonly string[],
  excludeId: number,
  limit: number,
): Promise<Candidate[]> {
  return subjectWordsQuery(db, words, excludeId, limit)?.execute() ?? Promise.resolve([]);
}

/** The query of findTopicsWithSubjectWords (null for no words), also for the query-plan tests. */
export function subjectWordsQuery(
  db: Kysely<Database>,
  words: readonly string[],
  excludeId: number,
  limit: number,
) {
  if (words.length === 0) return null;
  const query = db
    .selectFrom('topics')
    .select(['id', 'forum_id', 'subject_search', 'timestamp'])
    .where('id', '<>', excludeId)
    .orderBy('id', 'desc')
    .limit(limit);
  if (databaseKind(db) === 'postgres') {
    return query.where(
      sql<SqlBool>`(${sql.join(
        words.map((word) => sql`topics.subject_search LIKE ${likeContaining(word)} ESCAPE '\\'`),
        sql` OR `,
      )})`,
    );
  }
  // FTS5 walks its matches in rowid order and stops at the limit (one more: the topic itself may be
  // among them), written into the text as Kysely's LIMITs are on SQLite (server/db/sqlite-limits.ts).
  return query.where(
    sql<SqlBool>`topics.id IN (SELECT rowid FROM topics_fts WHERE topics_fts MATCH ${words
      .map(ftsPhrase)
      .join(' OR ')} ORDER BY rowid DESC LIMIT ${sql.lit(limit + 1)})`,
  );
}

/** The newest topics, of one forum or of all, leaving out the given ids. */
export function findRecentTopics(
  db: Kysely<Database>,
  options: { forumId?: number; excludeIds: readonly number[]; limit: number },
): Promise<TopicRow[]> {
  return recentTopicsQuery(db, options).execute();
}

/** The query of findRecentTopics, also for the query-plan tests. */
export function recentTopicsQuery(
  db: Kysely<Database>,
  options: { forumId?: number; excludeIds: readonly number[]; limit: number },
) {
  let query = db.selectFrom('topics').selectAll();
  if (options.forumId !== undefined) query = query.where('forum_id', '=', options.forumId);
  if (options.excludeIds.length > 0) query = query.where('id', 'not in', [...options.excludeIds]);
  return query.orderBy('timestamp', 'desc').limit(options.limit);
}

export function findTopicsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<TopicRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('topics')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}
