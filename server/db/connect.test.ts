import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { TEST_DATABASE_URL } from '../test/databases';
import { createTopic, createUser } from '../test/factories';
import {
  FALLBACK_AUTOCHECKPOINT_PAGES,
  MERGED_SEARCH_INDEXES,
  START_AFTER_WAL_BYTES,
  WAL_SIZE_CHECK_MS,
} from './background-checkpoints';
import { connectDatabase } from './connect';
import { migrateToLatest } from './migrate';
import { seedForums } from './seed-forums';

/** Runs `body` on a connected SQLite file database in a folder of its own, removed afterwards. */
async function withSqliteFile(
  prefix: string,
  body: (db: ReturnType<typeof connectDatabase>, file: string, folder: string) => Promise<void>,
): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(folder, 'forum.sqlite');
  const db = connectDatabase({ kind: 'sqlite', file });
  try {
    await body(db, file, folder);
  } finally {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** One count read from the database file by a connection of its own. */
function countOnItsOwn(file: string, query: string): number {
  const alone = new SqliteDatabase(file, { readonly: true });
  try {
    return (alone.prepare(query).get() as { count: number }).count;
  } finally {
    alone.close();
  }
}

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
  it('copies committed writes into the database file on a thread of its own, started once the log has grown', () =>
    withSqliteFile('forum-checkpoints-', async (db, file, folder) => {
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
      // checkpoint threshold: only the thread copies them. The log's size is looked at again within
      // a burst of writes, not a second later, when the log could have reached that threshold.
      await insertNotes(Math.ceil(START_AFTER_WAL_BYTES / 8192) + 50);
      await new Promise((resolve) => setTimeout(resolve, 3 * WAL_SIZE_CHECK_MS));
      await insertNotes(1);
      const total = 11 + Math.ceil(START_AFTER_WAL_BYTES / 8192) + 50 + 1;
      await vi.waitFor(() => expect(countInFileAlone()).toBe(total), { timeout: 10_000, interval: 100 });
    }));
});

describe('the search index on SQLite', () => {
  it('has its segments merged on the helper thread once the forum stops writing, and still finds every message', () =>
    withSqliteFile('forum-fts-merge-', async (db, file) => {
      const segments = () =>
        MERGED_SEARCH_INDEXES.map((index) =>
          countOnItsOwn(file, `select count(distinct segid) as count from ${index}_idx`),
        );
      await migrateToLatest(db);
      await seedForums(db);
      const { user } = await createUser(db);
      // Each commit adds a segment to each index it touches, and FTS5 itself merges only at 64.
      const word = 'זיקוקית';
      for (let index = 0; index < 40; index += 1)
        await createTopic(db, {
          userId: user.id,
          subject: `נושא ${index}`,
          content: `<p>${word} ${'מילה '.repeat(400)}${index}</p>`,
        });
      expect(Math.min(...segments())).toBeGreaterThanOrEqual(30);
      // The helper starts once the log passes START_AFTER_WAL_BYTES (checked after a query), then
      // merges while nothing is written.
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(START_AFTER_WAL_BYTES);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await sql`select 1`.execute(db);
      await vi.waitFor(() => expect(Math.max(...segments())).toBeLessThan(8), {
        timeout: 20_000,
        interval: 200,
      });
      const { rows } = await sql<{ count: number }>`
        select count(*) as count from messages_fts where messages_fts match ${word}`.execute(db);
      expect(rows[0]?.count).toBe(40);
    }));

  it('stops merging with one warning instead of failing every quiet pass', () =>
    withSqliteFile('forum-fts-broken-', async (db, file) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        // A table by an index's name that is no FTS5 table: its merge statement cannot be prepared.
        await sql`create table messages_fts (body text not null)`.execute(db);
        const insertRows = async (count: number) => {
          for (let index = 0; index < count; index += 1)
            await sql`insert into messages_fts (body) values (${'א'.repeat(2000)})`.execute(db);
        };
        await insertRows(Math.ceil(START_AFTER_WAL_BYTES / 8192) + 50);
        await new Promise((resolve) => setTimeout(resolve, 1100));
        await insertRows(1);
        // Quiet passes every 100 ms for over a second: the merge is tried once, not every pass.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await insertRows(1);
        const merging = warn.mock.calls.filter(([text]) =>
          String(text).startsWith('search index merging stopped'),
        );
        expect(merging).toHaveLength(1);
        expect(warn.mock.calls.filter(([text]) => String(text).includes('checkpoint'))).toEqual([]);
        expect(countOnItsOwn(file, 'select count(*) as count from messages_fts')).toBe(
          Math.ceil(START_AFTER_WAL_BYTES / 8192) + 52,
        );
      } finally {
        warn.mockRestore();
      }
    }));
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
