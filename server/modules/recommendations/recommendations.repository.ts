import { type Kysely, type SqlBool, sql } from 'kysely';
import { databaseKind } from '../../db/connect';
import type { Database, TopicRow } from '../../db/database';
import { ftsPhrase, likeContaining } from '../search/search.repository';

export type Candidate = Pick<TopicRow, 'id' | 'forum_id' | 'subject_search' | 'timestamp'>;

/**
 * The newest topics (at most `limit`) other than `excludeId` whose subject contains any of
 * `words` (each already normalised, at least 3 characters), found through the subjects' trigram
 * index. Only the columns needed to rank them.
 */
export function findTopicsWithSubjectWords(
  db: Kysely<Database>,
  words: readonly string[],
  excludeId: number,
  limit: number,
): Promise<Candidate[]> {
  if (words.length === 0) return Promise.resolve([]);
  const matches =
    databaseKind(db) === 'postgres'
      ? sql<SqlBool>`(${sql.join(
          words.map((word) => sql`topics.subject_search LIKE ${likeContaining(word)} ESCAPE '\\'`),
          sql` OR `,
        )})`
      : sql<SqlBool>`topics.id IN (SELECT rowid FROM topics_fts WHERE topics_fts MATCH ${words
          .map(ftsPhrase)
          .join(' OR ')})`;
  return db
    .selectFrom('topics')
    .select(['id', 'forum_id', 'subject_search', 'timestamp'])
    .where(matches)
    .where('id', '<>', excludeId)
    .orderBy('timestamp', 'desc')
    .limit(limit)
    .execute();
}

/** The newest topics, of one forum or of all, leaving out the given ids. */
export function findRecentTopics(
  db: Kysely<Database>,
  options: { forumId?: number; excludeIds: readonly number[]; limit: number },
): Promise<TopicRow[]> {
  let query = db.selectFrom('topics').selectAll();
  if (options.forumId !== undefined) query = query.where('forum_id', '=', options.forumId);
  if (options.excludeIds.length > 0) query = query.where('id', 'not in', [...options.excludeIds]);
  return query.orderBy('timestamp', 'desc').limit(options.limit).execute();
}

export function findTopicsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<TopicRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('topics')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}
