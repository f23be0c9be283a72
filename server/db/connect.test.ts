import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { TEST_DATABASE_URL } from '../test/databases';
import { FALLBACK_AUTOCHECKPOINT_PAGES, START_AFTER_WAL_BYTES } from './background-checkpoints';
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

describe('SQLite transactions beside another connection to the file', () => {
  it('a transaction that reads, then writes, still commits when another connection wrote in between', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'forum-immediate-'));
    const file = path.join(folder, 'forum.sqlite');
    const db = connectDatabase({ kind: 'sqlite', file });
    // Another process beside the server (the CLI, say), which does not wait for a lock.
    const other = new SqliteDatabase(file, { timeout: 0 });
    try {
      await sql`create table counter (id integer primary key, value integer not null)`.execute(db);
      await sql`insert into counter (id, value) values (1, 0)`.execute(db);
      let otherWrite: 'written' | 'refused' = 'written';
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ value: number }>`select value from counter where id = 1`.execute(trx);
        try {
          other.prepare('update counter set value = value + 100 where id = 1').run();
        } catch {
          otherWrite = 'refused';
        }
        // Begun deferred, this write failed with SQLITE_BUSY_SNAPSHOT after the other's commit.
        await sql`update counter set value = ${(rows[0]?.value ?? 0) + 1} where id = 1`.execute(trx);
      });
      // The transaction held the write lock from its start, so the other connection had to wait.
      expect(otherWrite).toBe('refused');
      const { rows } = await sql<{ value: number }>`select value from counter where id = 1`.execute(db);
      expect(rows[0]?.value).toBe(1);
    } finally {
      other.close();
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('SQLite write-ahead log checkpoints', () => {
  it('copies committed writes into the database file on a thread of its own, started once the log has grown', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'forum-checkpoints-'));
    const file = path.join(folder, 'forum.sqlite');
    const db = connectDatabase({ kind: 'sqlite', file });
    // The database file alone, without its log, holds only what a checkpoint has copied there.
    const countInFileAlone = () => {
      const copy = path.join(folder, `alone-${Date.now()}.sqlite`);
      copyFileSync(file, copy);
      const alone = new SqliteDatabase(copy);
      try {
        const table = alone.prepare("select 1 from sqlite_master where name = 'note'").get();
        if (!table) return 0;
        return (alone.prepare('select count(*) as count from note').get() as { count: number }).count;
      } finally {
        alone.close();
      }
    };
    const insertNotes = async (count: number) => {
      for (let index = 0; index < count; index += 1)
        await sql`insert into note (body) values (${'א'.repeat(2000)})`.execute(db);
    };
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(rows[0]?.wal_autocheckpoint).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
      await sql`create table note (id integer primary key, body text not null)`.execute(db);
      // A small log: no thread yet, so nothing is copied into the file.
      await insertNotes(10);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await insertNotes(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(countInFileAlone()).toBe(0);
      // Past START_AFTER_WAL_BYTES (each note is two 4 KB pages), far below the connection's own
      // checkpoint threshold: only the thread copies them.
      await insertNotes(Math.ceil(START_AFTER_WAL_BYTES / 8192) + 50);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await insertNotes(1);
      const total = 11 + Math.ceil(START_AFTER_WAL_BYTES / 8192) + 50 + 1;
      await vi.waitFor(() => expect(countInFileAlone()).toBe(total), { timeout: 10_000, interval: 100 });
    } finally {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
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
