import { type Kysely, sql, type Transaction } from 'kysely';
import { compiledOnce, integerPlaceholder, textPlaceholder } from '../../db/compiled-once';
import type { Database } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

/** One counter to count a request against: its (hashed) key and the length of its window. */
export interface CounterWindow {
  key: string;
  windowMs: number;
}

/**
 * Counts one request against fixed windows, every counter of the request in a single statement
 * (one round trip, atomic on its own), so instances sharing the database count together and two
 * racing requests cannot both read the old count. A window that has ended restarts at this
 * request; each counter's window length is picked by its key, as one statement serves counters of
 * different lengths. Returns each key's count including this request and its window's start.
 * The keys must differ from each other (a statement may change a row only once).
 */
export async function countRequests(
  db: Kysely<Database>,
  counters: readonly CounterWindow[],
  now: number,
): Promise<Map<string, { count: number; windowStart: number }>> {
  const counted = new Map<string, { count: number; windowStart: number }>();
  if (counters.length === 0) return counted;
  const arguments_ = [now, ...counters.flatMap((counter) => [counter.key, now - counter.windowMs])];
  const rows = await compiledCount(counters.length)(db, ...arguments_);
  for (const row of rows)
    counted.set(row.key, { count: Number(row.count), windowStart: Number(row.window_start) });
  return counted;
}

/**
 * The counting statement for each number of counters, compiled once (every write runs it: building
 * it was a twentieth of a like's CPU). Its arguments: now, then each counter's key and the start a
 * window must have reached to go on counting.
 */
const compiledCounts = new Map<number, ReturnType<typeof compileCount>>();

function compiledCount(size: number) {
  let compiled = compiledCounts.get(size);
  if (!compiled) {
    compiled = compileCount(size);
    compiledCounts.set(size, compiled);
  }
  return compiled;
}

function compileCount(size: number) {
  const placeholders: (string | number)[] = [integerPlaceholder(0)];
  for (let index = 0; index < size; index += 1)
    placeholders.push(textPlaceholder(`key ${index}`), integerPlaceholder(1 + index));
  return compiledOnce((db, ...values: (string | number)[]) => {
    const [now, ...windows] = values;
    const counters = [];
    for (let index = 0; index + 1 < windows.length; index += 2)
      counters.push({ key: String(windows[index]), cutoff: Number(windows[index + 1]) });
    return countStatement(db, Number(now), counters);
  }, placeholders);
}

function countStatement(db: Db, now: number, counters: readonly { key: string; cutoff: number }[]) {
  // Each branch compares with a bare parameter, so PostgreSQL infers its type from window_start.
  const windowEnded = sql<boolean>`CASE rate_limits.key ${sql.join(
    counters.map((counter) => sql`WHEN ${counter.key} THEN rate_limits.window_start <= ${counter.cutoff}`),
    sql` `,
  )} END`;
  return db
    .insertInto('rate_limits')
    .values(counters.map((counter) => ({ key: counter.key, window_start: now, count: 1 })))
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN ${windowEnded} THEN 1 ELSE rate_limits.count + 1 END`,
        window_start: sql<number>`CASE WHEN ${windowEnded} THEN ${now} ELSE rate_limits.window_start END`,
      }),
    )
    .returning(['key', 'count', 'window_start']);
}

/** Counters whose window ended long ago carry no information. */
export async function deleteStaleCounters(db: Kysely<Database>, olderThan: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', olderThan).execute();
}
