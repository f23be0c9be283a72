import type { Compilable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/database';

/**
 * The plan of a query, one line per step. On PostgreSQL a test table is small enough for any plan:
 * table scans are switched off, so it shows the plan it would use on a big one. `ordered` (the
 * default) also switches off sorts and bitmap scans (which lose the order), for a list that must
 * be read in index order; either way PostgreSQL still falls back to them when no index serves.
 */
export async function plan(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  query: Compilable,
  { ordered = true }: { ordered?: boolean } = {},
): Promise<string> {
  const compiled = query.compile();
  if (kind === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>({
      ...compiled,
      sql: `EXPLAIN QUERY PLAN ${compiled.sql}`,
    });
    return result.rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    if (ordered) {
      await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
      await sql`SET LOCAL enable_sort = off`.execute(trx);
    }
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>({
      ...compiled,
      sql: `EXPLAIN ${compiled.sql}`,
    });
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
