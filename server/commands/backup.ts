import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../config';
import { CommandError } from './create-admin';

/**
 * A consistent copy of the database in `file`.
 *
 * SQLite: SQLite's online backup API, through its own read connection, so the copy is one
 * consistent snapshot even while the server keeps writing (WAL mode lets both proceed); the copy
 * is a complete database file that opens on its own.
 *
 * PostgreSQL: pg_dump is the tool (a consistent snapshot of a live database, restorable with
 * pg_restore); it runs when it is on PATH, in its custom format.
 */
export async function backupDatabase(database: Config['database'], file: string): Promise<string> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new CommandError(`backup: ${target} already exists; choose a new file name`);
  mkdirSync(path.dirname(target), { recursive: true });

  if (database.kind === 'sqlite') {
    if (database.file === ':memory:')
      throw new CommandError('backup: an in-memory database has nothing to copy');
    if (!existsSync(database.file)) throw new CommandError(`backup: no database at ${database.file}`);
    const source = new SqliteDatabase(database.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(target);
    } finally {
      source.close();
    }
    return `SQLite database copied to ${target}`;
  }

  const probe = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new CommandError(
      'backup: for PostgreSQL, pg_dump is the tool, and it is not on PATH here. Install the PostgreSQL ' +
        `client tools and run: pg_dump --format=custom --file ${target} "$DATABASE_URL"`,
    );
  }
  // Asynchronous, so a server or a test in this process keeps writing while the dump runs.
  await new Promise<void>((resolve, reject) => {
    execFile(
      'pg_dump',
      ['--format=custom', '--no-owner', '--file', target, database.url],
      (error, _out, stderr) =>
        error
          ? reject(new CommandError(`backup: pg_dump failed: ${stderr.trim() || error.message}`))
          : resolve(),
    );
  });
  return `PostgreSQL database dumped with pg_dump (custom format, restore with pg_restore) to ${target}`;
}
