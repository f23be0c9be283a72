import type pg from 'pg';

/**
 * The SQL texts PostgreSQL keeps as named prepared statements, with their names. Only queries
 * compiled once are listed (compiled-once.ts): their texts are fixed by the code, so the statements
 * each connection keeps are bounded, while a query built per call (an IN list of any length) would
 * leave a new statement behind on every connection for each shape it takes.
 */
const statementNames = new Map<string, string>();

/** Runs `sqlText` as a named prepared statement from now on: parsed once per connection, not per call. */
export function prepareOnPostgres(sqlText: string): void {
  if (!statementNames.has(sqlText)) statementNames.set(sqlText, `forum_${statementNames.size + 1}`);
}

/**
 * Makes every client of the pool send the listed texts as named statements. Kysely sends each query
 * as text with its parameters, which PostgreSQL parses and plans again each time: for the primary
 * key lookups of a page that is most of the database's work. A named statement is parsed once per
 * connection, and PostgreSQL may keep a generic plan for it after a few runs.
 *
 * Not for a pooler in transaction mode (PgBouncer before 1.21): a connection there may not be the
 * one that prepared the statement.
 */
export function withNamedStatements(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      const name = typeof text === 'string' && args.length <= 2 ? statementNames.get(text) : undefined;
      return name ? query({ name, text, values }) : query(...args);
    }) as pg.PoolClient['query'];
  });
  return pool;
}
