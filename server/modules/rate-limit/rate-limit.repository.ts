import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Counts one request against a fixed window in a single statement, so instances sharing the
 * database count together and two racing requests cannot both read the old count. A window that
 * has ended restarts at this request. Returns the count including this request.
 */
export async function countRequest(
  db: Kysely<Database>,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ count: number; windowStart: number }> {
  const windowEnded = sql<boolean>`rate_limits.window_start <= ${now - windowMs}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN ${windowEnded} THEN 1 ELSE rate_limits.count + 1 END`,
        window_start: sql<number>`CASE WHEN ${windowEnded} THEN ${now} ELSE rate_limits.window_start END`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}

/** Counters whose window ended long ago carry no information. */
export async function deleteStaleCounters(db: Kysely<Database>, olderThan: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', olderThan).execute();
}
