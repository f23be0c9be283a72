import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/databases';
import { connectDatabase } from './connect';

describe('connectDatabase on SQLite', () => {
  it('reuses one prepared statement per SQL text and still answers each call with its own values', async () => {
    const db = connectDatabase({ kind: 'sqlite', file: ':memory:' });
    const results: number[] = [];
    for (let value = 0; value < 600; value += 1) {
      // Two texts alternate among many distinct ones, so the cache both hits and evicts.
      const row = await sql<{
        v: number;
      }>`select ${value} + ${value % 2 === 0 ? sql.raw('0') : sql.raw(String(value))} as v`
        .execute(db)
        .then((result) => result.rows[0]);
      results.push(row?.v ?? -1);
    }
    expect(results.slice(0, 4)).toEqual([0, 2, 2, 6]);
    expect(results[599]).toBe(599 * 2);
    await sql`create table t (id integer primary key, name text)`.execute(db);
    await sql`insert into t (name) values (${'א'}), (${'ב'})`.execute(db);
    const read = () => sql<{ name: string }>`select name from t order by id`.execute(db);
    expect((await read()).rows).toEqual([{ name: 'א' }, { name: 'ב' }]);
    await sql`insert into t (name) values (${'ג'})`.execute(db);
    expect((await read()).rows.map((row) => row.name)).toEqual(['א', 'ב', 'ג']);
    await db.destroy();
  });
});

describe.runIf(TEST_DATABASE_URL)('connectDatabase on PostgreSQL', () => {
  it('survives PostgreSQL closing an idle pool connection and answers the next query', async () => {
    const db = connectDatabase({ kind: 'postgres', url: TEST_DATABASE_URL ?? '' });
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = rows[0]?.pid;
      // The connection is idle in the pool now; ending it makes the pool emit 'error'.
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await admin.end();
      await db.destroy();
    }
  });
});
