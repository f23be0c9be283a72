import { type Kysely, sql } from 'kysely';
import { databaseKind } from '../db/connect';
import type { Database } from '../db/database';

/** Every table of the database (SQLite's internal ones aside), by name. */
export async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const query =
    databaseKind(db) === 'postgres'
      ? sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`
      : sql<{ name: string }>`SELECT name FROM sqlite_master
          WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`;
  return (await query.execute(db)).rows.map((row) => row.name);
}

/** Every row of every table, each table's rows in a stable order: compare two databases whole. */
export async function allRows(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const name of await tableNames(db)) {
    const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db)).rows;
    tables[name] = rows
      .map((row) => ({
        key: JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('hex') : v)),
        row,
      }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ row }) => row);
  }
  return tables;
}

/**
 * The aggregates no write may leave half-done: every topic has its main message (same id), its
 * reply count and last-activity key match its messages, and no message, like or session points at
 * a missing row. Returns the broken rules, empty when all hold.
 */
export async function brokenAggregates(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const topics = await db.selectFrom('topics').select(['id', 'replies', 'timestamp']).execute();
  const stats = await db
    .selectFrom('messages')
    .select((eb) => [
      'topic_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('created_at').as('newest'),
    ])
    .groupBy('topic_id')
    .execute();
  const byTopic = new Map(stats.map((row) => [Number(row.topic_id), row]));
  const mains = new Set(
    (
      await db
        .selectFrom('messages')
        .innerJoin('topics', 'topics.id', 'messages.id')
        .select('messages.id')
        .whereRef('messages.topic_id', '=', 'topics.id')
        .execute()
    ).map((row) => Number(row.id)),
  );
  for (const topic of topics) {
    const stat = byTopic.get(Number(topic.id));
    if (!mains.has(Number(topic.id))) problems.push(`topic ${topic.id} has no main message`);
    if (!stat) continue;
    if (Number(topic.replies) !== Number(stat.count) - 1) {
      problems.push(`topic ${topic.id} says ${topic.replies} replies, has ${Number(stat.count) - 1}`);
    }
    const activity = Math.floor(Number(topic.timestamp) / 1000);
    // The order key is the newest message's time, moved on a millisecond per topic it would tie with.
    if (activity < Number(stat.newest) || activity - Number(stat.newest) > 1000) {
      problems.push(`topic ${topic.id} last activity ${activity} but newest message ${stat.newest}`);
    }
  }
  const orphans = async (label: string, query: { execute(): Promise<unknown[]> }) => {
    const rows = await query.execute();
    if (rows.length > 0) problems.push(`${rows.length} ${label}`);
  };
  await orphans(
    'messages in a missing topic',
    db
      .selectFrom('messages')
      .leftJoin('topics', 'topics.id', 'messages.topic_id')
      .select('messages.id')
      .where('topics.id', 'is', null),
  );
  await orphans(
    'likes on a missing message or by a missing user',
    db
      .selectFrom('likes')
      .leftJoin('messages', 'messages.id', 'likes.message_id')
      .leftJoin('users', 'users.id', 'likes.user_id')
      .select('likes.message_id')
      .where((eb) => eb.or([eb('messages.id', 'is', null), eb('users.id', 'is', null)])),
  );
  await orphans(
    'sessions of a missing user',
    db
      .selectFrom('sessions')
      .leftJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.user_id')
      .where('users.id', 'is', null),
  );
  return problems;
}
