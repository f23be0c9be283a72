import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config';
import { CommandError } from './create-admin';

export interface RestoreOptions {
  /** Replace a target that already holds tables. */
  force?: boolean;
  /** The pg_restore program; tests name a missing one. */
  pgRestore?: string;
}

/**
 * Puts a backup made by `backup FILE` back: into an empty data directory (SQLite) or an empty
 * database (PostgreSQL). A target that already holds tables is refused unless `force` is given,
 * since restoring over live data loses whatever was written after the backup. Run it with the
 * server stopped.
 *
 * SQLite: the backup is a complete database file; it is checked, then copied in with SQLite's
 * backup API (so the target is written as one database, never half a file).
 * PostgreSQL: pg_restore of the custom-format dump, in one transaction, stopping at the first
 * error, so a failed restore leaves the database as it was.
 */
export async function restoreDatabase(
  database: Config['database'],
  file: string,
  options: RestoreOptions = {},
): Promise<string> {
  const source = path.resolve(file);
  if (!existsSync(source) || !statSync(source).isFile())
    throw new CommandError(`restore: no backup at ${source}`);
  return database.kind === 'sqlite'
    ? restoreSqlite(database.file, source, options)
    : restorePostgres(database.url, source, options);
}

async function restoreSqlite(target: string, source: string, options: RestoreOptions): Promise<string> {
  if (target === ':memory:') throw new CommandError('restore: DATABASE_URL names an in-memory database');
  if (path.resolve(target) === source) throw new CommandError('restore: the backup is the database itself');
  let backup: SqliteDatabase.Database;
  try {
    backup = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
    const check = backup.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(String(check));
  } catch (error) {
    throw new CommandError(`restore: ${source} is not a sound SQLite database (${(error as Error).message})`);
  }
  try {
    if (!backup.prepare("SELECT 1 FROM sqlite_master WHERE name = 'kysely_migration'").get()) {
      throw new CommandError(`restore: ${source} is not a backup of this forum (it has no migration table)`);
    }
    const tables = sqliteTableCount(target);
    if (tables > 0 && !options.force) {
      throw new CommandError(
        `restore: ${target} already holds ${tables} tables; restore into an empty data directory, or add --force to replace it`,
      );
    }
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    await backup.backup(target);
  } finally {
    backup.close();
  }
  const restored = new SqliteDatabase(target);
  try {
    restored.pragma('journal_mode = WAL');
  } finally {
    restored.close();
  }
  return `SQLite database restored from ${source} into ${target}`;
}

function sqliteTableCount(file: string): number {
  if (!existsSync(file) || statSync(file).size === 0) return 0;
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const row = sqlite.prepare("SELECT COUNT(*) AS count FROM sqlite_master WHERE type = 'table'").get() as {
      count: number;
    };
    return row.count;
  } finally {
    sqlite.close();
  }
}

async function restorePostgres(url: string, source: string, options: RestoreOptions): Promise<string> {
  const program = options.pgRestore ?? 'pg_restore';
  const probe = spawnSync(program, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new CommandError(
      `restore: for PostgreSQL, pg_restore is the tool, and it is not on PATH here (${program}). Install the ` +
        `PostgreSQL client tools (Debian: apt-get install postgresql-client) and run this again, or run: ` +
        `pg_restore --no-owner --single-transaction --exit-on-error --dbname "$DATABASE_URL" ${source}`,
    );
  }
  const tables = await postgresTableCount(url);
  if (tables > 0 && !options.force) {
    throw new CommandError(
      `restore: the database already holds ${tables} tables; restore into an empty database, or add --force to replace them`,
    );
  }
  const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--dbname', url];
  if (tables > 0) args.push('--clean', '--if-exists');
  const run = spawnSync(program, [...args, source], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) throw new CommandError(`restore: pg_restore failed: ${run.stderr.trim()}`);
  return `PostgreSQL database restored from ${source} with pg_restore`;
}

async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      "SELECT COUNT(*) AS count FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return Number(result.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}
