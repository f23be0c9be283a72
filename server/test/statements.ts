import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

interface PgConnection {
  query: (...args: unknown[]) => unknown;
  execute: (...args: unknown[]) => unknown;
}

/**
 * Counts the statements every database connection of this process sends while `run` runs:
 * each query a node-postgres connection sends (a round trip, BEGIN and COMMIT included), and each
 * execution of a better-sqlite3 statement, whose SQL is kept in `sqliteTexts`. Listeners and other
 * work running at the same time are counted too, so measure one request at a time.
 */
export async function countStatements<T>(
  run: () => Promise<T>,
): Promise<{ result: T; statements: number; sqliteTexts: string[] }> {
  let statements = 0;
  const sqliteTexts: string[] = [];
  const probe = new SqliteDatabase(':memory:');
  const sqliteStatement = Object.getPrototypeOf(probe.prepare('select 1')) as {
    source: string;
    all: (...args: unknown[]) => unknown;
    run: (...args: unknown[]) => unknown;
  };
  probe.close();
  // Below the client, where every query leaves: a simple query, or the execute of an extended one.
  const pgConnection = (pg as unknown as { Connection: { prototype: PgConnection } }).Connection.prototype;
  const originals = {
    all: sqliteStatement.all,
    run: sqliteStatement.run,
    query: pgConnection.query,
    execute: pgConnection.execute,
  };
  sqliteStatement.all = function all(this: { source: string }, ...args: unknown[]) {
    statements += 1;
    sqliteTexts.push(this.source);
    return originals.all.apply(this, args);
  };
  sqliteStatement.run = function run(this: { source: string }, ...args: unknown[]) {
    statements += 1;
    sqliteTexts.push(this.source);
    return originals.run.apply(this, args);
  };
  pgConnection.query = function query(this: unknown, ...args: unknown[]) {
    statements += 1;
    return originals.query.apply(this, args);
  };
  pgConnection.execute = function execute(this: unknown, ...args: unknown[]) {
    statements += 1;
    return originals.execute.apply(this, args);
  };
  try {
    const result = await run();
    return { result, statements, sqliteTexts };
  } finally {
    sqliteStatement.all = originals.all;
    sqliteStatement.run = originals.run;
    pgConnection.query = originals.query;
    pgConnection.execute = originals.execute;
  }
}
