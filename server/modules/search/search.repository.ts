import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { databaseKind } from '../../db/connect';
import type { Database, TopicRow } from '../../db/database';

/** An FTS5 phrase: with the trigram tokenizer a quoted phrase matches as a plain substring. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** A LIKE pattern that finds `text` anywhere, with its own %, _ and \ taken literally. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Topics whose subject or any message contains `text`, already normalised and at least 3
 * characters (shorter needles have no trigram, so the index could not narrow them down).
 */
function matchesText(db: Kysely<Database>, text: string): Expression<SqlBool> {
  if (databaseKind(db) === 'postgres') {
    const pattern = likeContaining(text);
    // The matching ids are collected once (an InitPlan) and their topics fetched by primary key:
    // a cost set by the number of matches. As `IN (subquery)` the planner may instead walk every
    // topic and test each against the list, which is far slower when the matches are old.
    return sql<SqlBool>`topics.id = ANY(ARRAY(
      SELECT topics.id FROM topics WHERE topics.subject_search LIKE ${pattern} ESCAPE '\\'
      UNION SELECT messages.topic_id FROM messages WHERE messages.content_search LIKE ${pattern} ESCAPE '\\'))`;
  }
  const phrase = ftsPhrase(text);
  return sql<SqlBool>`(topics.id IN (SELECT rowid FROM topics_fts WHERE topics_fts MATCH ${phrase})
    OR topics.id IN (SELECT messages.topic_id FROM messages_fts JOIN messages ON messages.id = messages_fts.rowid
      WHERE messages_fts MATCH ${phrase}))`;
}

/** How many of the newest topics a page first checks directly, before asking the index. */
const RECENT_WINDOW = 100;

/**
 * How many messages that direct check may read at most: long threads stay recent, and a hundred
 * of them can hold tens of thousands of messages (measured: 16,654 in the benchmark's forum, about
 * 380 ms for a rare word, which the index answers in 2 ms).
 */
const RECENT_MESSAGE_BUDGET = 2_000;

/**
 * One page of topics matching `text`, newest activity first, older than `before` when given.
 *
 * A common word can match a large share of all messages, and any index lookup must then visit
 * every match before it can sort the topics. So a page first checks the newest topics directly
 * (at most RECENT_WINDOW of them and RECENT_MESSAGE_BUDGET of their messages): a common word fills
 * the page there. Only when they hold too few matches does the trigram index find the rest, older
 * than the topics checked, where its cost is that of a rare word.
 */
export async function searchTopics(
  db: Kysely<Database>,
  text: string,
  before: number | null,
  limit: number,
  window: number = RECENT_WINDOW,
  messageBudget: number = RECENT_MESSAGE_BUDGET,
): Promise<TopicRow[]> {
  let recentQuery = db.selectFrom('topics').select(['id', 'timestamp', 'replies']);
  if (before !== null) recentQuery = recentQuery.where('timestamp', '<', before);
  const recent = await recentQuery.orderBy('timestamp', 'desc').limit(window).execute();
  if (recent.length === 0) return [];
  const checked = newestWithinBudget(recent, messageBudget);
  const hits =
    checked.length === 0
      ? []
      : await db
          .selectFrom('topics')
          .selectAll('topics')
          .where(
            'topics.id',
            'in',
            checked.map((topic) => topic.id),
          )
          .where(containsText(db, text))
          .orderBy('topics.timestamp', 'desc')
          .limit(limit)
          .execute();
  const checkedEveryTopic = checked.length === recent.length && recent.length < window;
  if (hits.length >= limit || checkedEveryTopic) return hits;
  // The index covers exactly what the direct check did not: everything older than its last topic.
  const boundary = checked.at(-1)?.timestamp ?? before;
  const older = await indexedSearchQuery(db, text, boundary, limit - hits.length).execute();
  return [...hits, ...older];
}

/** The newest topics, in order, whose messages (replies plus the main one) fit the budget. */
function newestWithinBudget<T extends { replies: number }>(topics: T[], budget: number): T[] {
  let messages = 0;
  const within: T[] = [];
  for (const topic of topics) {
    messages += topic.replies + 1;
    if (messages > budget) break;
    within.push(topic);
  }
  return within;
}

/** The plain substring test, for a handful of topics already picked. */
function containsText(db: Kysely<Database>, text: string): Expression<SqlBool> {
  const position = databaseKind(db) === 'postgres' ? sql.raw('strpos') : sql.raw('instr');
  return sql<SqlBool>`(${position}(topics.subject_search, ${text}) > 0
    OR EXISTS (SELECT 1 FROM messages WHERE messages.topic_id = topics.id
      AND ${position}(messages.content_search, ${text}) > 0))`;
}

function indexedSearchQuery(db: Kysely<Database>, text: string, before: number | null, limit: number) {
  let query = db.selectFrom('topics').selectAll('topics').where(matchesText(db, text));
  if (before !== null) query = query.where('topics.timestamp', '<', before);
  return query.orderBy('topics.timestamp', 'desc').limit(limit);
}

/** The plan of the indexed search query, one line per step, for the tests that guard the index. */
export async function explainSearch(db: Kysely<Database>, text: string): Promise<string[]> {
  const compiled = indexedSearchQuery(db, text, Number.MAX_SAFE_INTEGER, 8).compile();
  const prefix = databaseKind(db) === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
  const result = await db.executeQuery<Record<string, unknown>>({
    ...compiled,
    sql: prefix + compiled.sql,
  });
  return result.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row)));
}
