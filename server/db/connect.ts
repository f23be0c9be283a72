import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Dialect, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { attachEventHub } from '../events';
import { EventHub } from '../modules/events/event-hub';
import { withEventBus } from '../modules/events/notify-dialect';
import { FALLBACK_AUTOCHECKPOINT_PAGES, withBackgroundCheckpoints } from './background-checkpoints';
import type { Database } from './database';
import { withImmediateTransactions } from './immediate-transactions';
import { withNamedStatements } from './postgres-statements';
import { withLimitsInText } from './sqlite-limits';

// BIGINT (times) and COUNT(*) come back from PostgreSQL as strings unless told otherwise; every
// value the forum stores fits a double exactly.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type DatabaseKind = Config['database']['kind'];

/**
 * Opens the configured database: an embedded SQLite file, or a PostgreSQL pool. Its driver carries
 * the event bus: events published in a transaction are delivered after the commit (server/events.ts).
 */
export function connectDatabase(database: Config['database']): Kysely<Database> {
  const hub = new EventHub();
  const db =
    database.kind === 'postgres'
      ? new Kysely<Database>({
          dialect: withEventBus(new PostgresDialect({ pool: openPool(database.url) }), hub, { notify: true }),
        })
      : new Kysely<Database>({
          dialect: withEventBus(withImmediateTransactions(sqliteDialect(database.file)), hub, {
            notify: false,
          }),
        });
  attachEventHub(db, hub);
  return db;
}

/**
 * A PostgreSQL pool that survives losing an idle connection (a restart, a failover,
 * `pg_terminate_backend`): the pool drops that client and opens another on the next query, but an
 * 'error' event nobody listens to would end the process.
 */
function openPool(url: string): pg.Pool {
  const pool = withNamedStatements(new pg.Pool({ connectionString: url, max: 10 }));
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle pool connection; it will be replaced: ${error.message}`);
  });
  return pool;
}

/** A file database checkpoints its WAL on a thread of its own; an in-memory one has no WAL. */
function sqliteDialect(file: string): Dialect {
  const dialect = withLimitsInText(new SqliteDialect({ database: openSqlite(file) }));
  return file === ':memory:' ? dialect : withBackgroundCheckpoints(dialect, file);
}

function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  cachePreparedStatements(sqlite);
  return sqlite;
}

/** Which engine a Kysely instance talks to, for the few queries whose SQL must differ. */
export function databaseKind(db: Kysely<Database>): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** How many distinct SQL texts keep a prepared statement; the app has a few hundred queries. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, which profiling showed at 7% of a list request. Statements are
 * reusable in better-sqlite3 (it runs one at a time, synchronously), so the same SQL text gets the
 * same prepared statement, least recently used ones dropped beyond the cap. The app never streams
 * results, which is the one use that would need a statement of its own.
 */
function cachePreparedStatements(sqlite: SqliteDatabase.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SqliteDatabase.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached) {
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    const statement = prepare(source);
    cache.set(source, statement);
    if (cache.size > STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
