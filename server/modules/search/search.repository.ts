import { type CompiledQuery, type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { compiledOnce, integerPlaceholder, textPlaceholder } from '../../db/compiled-once';
import { databaseKind } from '../../db/connect';
import type { Database, TopicRow } from '../../db/database';
import { idList, isAmongIds } from '../../db/id-lists';
import { perDatabase } from '../../db/per-database';

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

/**
 * How many matching messages (and, apart, subjects) the index is asked for before the word is
 * called common. Below it the index has given every match, and a page is those topics sorted by
 * activity: a cost set by the number of matches, whatever the size of the forum.
 *
 * Every common word pays this probe first, so it is kept small: on PostgreSQL reading 501 matches
 * of a common word took ~10 ms of the search's ~14 (1,000,000 messages, measured), 101 about 2 ms.
 * A word with a few hundred matches goes the common way instead, with the same results.
 */
const RARE_MATCH_LIMIT = 100;

/**
 * The words found common lately, per database and probe limit, so that their next pages and
 * searches skip the probe (on PostgreSQL half of a common word's time in the database: 2.5 of
 * 5.1 ms, 1,000,000 messages). Only "common" is remembered: the common way gives the right page
 * for any word, a rare one included, so a word that has since become rare costs a little more and
 * finds the same; a rare answer is never kept, as a rare word can become common with the next
 * messages.
 */
const COMMON_WORDS_KEPT = 1_000;
const COMMON_WORD_TTL_MS = 10 * 60_000;
const commonWordsOf = perDatabase(
  () => new LRUCache<string, true>({ max: COMMON_WORDS_KEPT, ttl: COMMON_WORD_TTL_MS, ttlAutopurge: false }),
);

/** The memo's key: a word is common under the probe's limit. */
const commonWordKey = (text: string, rareLimit: number) => `${rareLimit}:${text}`;

/** Whether `text` is remembered as a common word of this database (its next search skips the probe). */
export function rememberedAsCommon(
  db: Kysely<Database>,
  text: string,
  rareLimit: number = RARE_MATCH_LIMIT,
): boolean {
  return commonWordsOf(db).has(commonWordKey(text, rareLimit));
}

/** How many of the newest topics a page of a common word first checks directly, before the index. */
const RECENT_WINDOW = 100;

/**
 * How many messages that direct check may read at most: long threads stay recent, and a hundred
 * of them can hold tens of thousands of messages (measured: 16,654 in the benchmark's forum, about
 * 380 ms, which the index answers in 2 ms).
 */
const RECENT_MESSAGE_BUDGET = 2_000;

/**
 * One page of topics matching `text`, newest activity first, older than `before` when given.
 *
 * The index is asked first for at most RARE_MATCH_LIMIT matches. When it has no more than that
 * (a rare word), it has given them all, and their topics are sorted by activity.
 *
 * A common word can match a large share of all messages, and any index lookup must then visit
 * every match before it can sort the topics. So a page first checks the newest topics directly
 * (at most RECENT_WINDOW of them and RECENT_MESSAGE_BUDGET of their messages): a common word fills
 * the page there. Only when they hold too few matches does the trigram index find the rest, older
 * than the topics checked.
 */
export async function searchTopics(
  db: Kysely<Database>,
  text: string,
  before: number | null,
  limit: number,
  window: number = RECENT_WINDOW,
  messageBudget: number = RECENT_MESSAGE_BUDGET,
  rareLimit: number = RARE_MATCH_LIMIT,
): Promise<TopicRow[]> {
  const commonWords = commonWordsOf(db);
  const key = commonWordKey(text, rareLimit);
  if (!commonWords.has(key)) {
    const rare = await rareMatchTopicIds(db, text, rareLimit);
    if (rare !== null) {
      if (rare.length === 0) return [];
      const list = idList(db, rare);
      return before === null
        ? compiledTopicsAmong.all(db, list, limit)
        : compiledTopicsAmong.before(db, list, before, limit);
    }
    commonWords.set(key, true);
  }
  const recent =
    before === null
      ? await compiledNewestTopics.all(db, window)
      : await compiledNewestTopics.before(db, before, window);
  if (recent.length === 0) return [];
  const checked = newestWithinBudget(recent, messageBudget);
  const newest = checked[0];
  const oldest = checked.at(-1);
  const hits =
    newest && oldest ? await compiledRecentMatches(db, text, newest.timestamp, oldest.timestamp, limit) : [];
  const checkedEveryTopic = checked.length === recent.length && recent.length < window;
  if (hits.length >= limit || checkedEveryTopic) return hits;
  // The index covers exactly what the direct check did not: everything older than its last topic.
  const boundary = checked.at(-1)?.timestamp ?? before;
  const older = await indexedSearchQuery(db, text, boundary, limit - hits.length).execute();
  return [...hits, ...older];
}

/**
 * The topics of every message and subject containing `text`, when the index holds at most `limit`
 * of each; null when it holds more (the word is common). Reads at most `limit + 1` index entries
 * of each kind, so a common word costs no more here than a rare one.
 */
export async function rareMatchTopicIds(
  db: Kysely<Database>,
  text: string,
  limit: number,
): Promise<number[] | null> {
  const fromMessages = await messageMatchesQuery(db, text, limit + 1).execute();
  if (fromMessages.length > limit) return null;
  const fromSubjects = await subjectMatchesQuery(db, text, limit + 1).execute();
  if (fromSubjects.length > limit) return null;
  return [...new Set([...fromMessages, ...fromSubjects].map((row) => Number(row.topic_id)))];
}

/** The topics of up to `limit` messages containing `text`, found through the messages' index. */
function messageMatchesQuery(db: Kysely<Database>, text: string, limit: number) {
  if (databaseKind(db) === 'postgres') {
    // No ORDER BY: the bitmap of the trigram index is read until `limit` rows have passed the recheck.
    return db
      .selectFrom('messages')
      .select(sql<number>`messages.topic_id`.as('topic_id'))
      .where(sql<SqlBool>`messages.content_search LIKE ${likeContaining(text)} ESCAPE '\\'`)
      .limit(limit);
  }
  // The limit is written into the text, as Kysely's LIMITs are on SQLite (server/db/sqlite-limits.ts).
  return db
    .selectFrom('messages')
    .select(sql<number>`messages.topic_id`.as('topic_id'))
    .where(
      sql<SqlBool>`messages.id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ${ftsPhrase(text)} LIMIT ${sql.lit(limit)})`,
    );
}

/** Up to `limit` topics whose subject contains `text`, found through the subjects' index. */
function subjectMatchesQuery(db: Kysely<Database>, text: string, limit: number) {
  if (databaseKind(db) === 'postgres') {
    return db
      .selectFrom('topics')
      .select(sql<number>`topics.id`.as('topic_id'))
      .where(sql<SqlBool>`topics.subject_search LIKE ${likeContaining(text)} ESCAPE '\\'`)
      .limit(limit);
  }
  return db
    .selectFrom(sql<{ rowid: number }>`topics_fts`.as('topics_fts'))
    .select(sql<number>`rowid`.as('topic_id'))
    .where(sql<SqlBool>`topics_fts MATCH ${ftsPhrase(text)}`)
    .limit(limit);
}

/** A page of the topics of a list of ids (made by idList), newest activity first, older than `before` when given. */
function topicsAmongQuery(db: Kysely<Database>, list: string, before: number | null, limit: number) {
  let query = db
    .selectFrom('topics')
    .selectAll('topics')
    .where(isAmongIds(db, 'topics.id', list));
  if (before !== null) query = query.where('topics.timestamp', '<', before);
  return query.orderBy('topics.timestamp', 'desc').limit(limit);
}

/**
 * The topics between two activity order keys (the newest topics a page checks directly) that
 * contain `text`, newest first. Walking the timestamp index down from the newest and stopping at
 * `limit` matches, a common word reads a page's worth of topics; given as a list of ids instead,
 * PostgreSQL tested every topic of the list before sorting them (100 topics, 13 of the 15 ms of
 * a common word at 1,000,000 messages, against 2 ms this way).
 */
function recentMatchesQuery(
  db: Kysely<Database>,
  text: string,
  newest: number,
  oldest: number,
  limit: number,
) {
  return db
    .selectFrom('topics')
    .selectAll('topics')
    .where('topics.timestamp', '<=', newest)
    .where('topics.timestamp', '>=', oldest)
    .where(containsText(db, text))
    .orderBy('topics.timestamp', 'desc')
    .limit(limit);
}

/** The newest topics (below `before` when given), with what the direct check needs of them. */
function newestTopicsQuery(db: Kysely<Database>, before: number | null, limit: number) {
  let query = db.selectFrom('topics').select(['id', 'timestamp', 'replies']);
  if (before !== null) query = query.where('timestamp', '<', before);
  return query.orderBy('timestamp', 'desc').limit(limit);
}

/**
 * The queries of a common word's direct check, compiled once (and so prepared on PostgreSQL):
 * their plans walk the timestamp index whatever the word, unlike the trigram lookups, whose plan
 * depends on it and which are planned with each word.
 */
const TEXT = textPlaceholder('text');
const NEWEST = integerPlaceholder(0);
const OLDEST = integerPlaceholder(1);
const BEFORE = integerPlaceholder(2);
const LIMIT = integerPlaceholder(3);
const compiledNewestTopics = {
  all: compiledOnce((db, limit: number) => newestTopicsQuery(db, null, limit), [LIMIT] as const),
  before: compiledOnce((db, before: number, limit: number) => newestTopicsQuery(db, before, limit), [
    BEFORE,
    LIMIT,
  ] as const),
};
const IDS = textPlaceholder('ids');
const compiledTopicsAmong = {
  all: compiledOnce((db, list: string, limit: number) => topicsAmongQuery(db, list, null, limit), [
    IDS,
    LIMIT,
  ] as const),
  before: compiledOnce(
    (db, list: string, before: number, limit: number) => topicsAmongQuery(db, list, before, limit),
    [IDS, BEFORE, LIMIT] as const,
  ),
};
const compiledRecentMatches = compiledOnce(
  (db, text: string, newest: number, oldest: number, limit: number) =>
    recentMatchesQuery(db, text, newest, oldest, limit),
  [TEXT, NEWEST, OLDEST, LIMIT] as const,
);

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

/** The plans of the search's queries, one line per step, for the tests that guard the indexes. */
export async function explainSearch(
  db: Kysely<Database>,
  text: string,
): Promise<{
  indexed: string[];
  rareMessages: string[];
  rareSubjects: string[];
  among: string[];
  recent: string[];
}> {
  return {
    recent: await explain(db, recentMatchesQuery(db, text, Number.MAX_SAFE_INTEGER, 0, 8).compile()),
    indexed: await explain(db, indexedSearchQuery(db, text, Number.MAX_SAFE_INTEGER, 8).compile()),
    rareMessages: await explain(db, messageMatchesQuery(db, text, RARE_MATCH_LIMIT + 1).compile()),
    rareSubjects: await explain(db, subjectMatchesQuery(db, text, RARE_MATCH_LIMIT + 1).compile()),
    among: await explain(
      db,
      topicsAmongQuery(db, idList(db, [1, 2, 3]), Number.MAX_SAFE_INTEGER, 8).compile(),
    ),
  };
}

async function explain(db: Kysely<Database>, compiled: CompiledQuery): Promise<string[]> {
  const prefix = databaseKind(db) === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
  const result = await db.executeQuery<Record<string, unknown>>({ ...compiled, sql: prefix + compiled.sql });
  return result.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row)));
}
