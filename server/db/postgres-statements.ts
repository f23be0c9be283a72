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
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    // Statements this connection prepared before the table they read changed shape.
    const stale = new Set<string>();
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      const name =
        typeof text === 'string' && args.length <= 2 && !stale.has(text)
          ? statementNames.get(text)
          : undefined;
      if (!name) return query(...args);
      const sqlText = text as string;
      return query({ name, text, values }).catch((error: unknown) => {
        if (!isChangedResultType(error)) throw error;
        // Another instance's migration added a column to a table a `SELECT *` statement reads:
        // PostgreSQL refuses to run the statement prepared before it. This connection sends the text
        // from now on, and this call runs again so, unless it was inside a transaction, which the
        // refusal ended: then the caller gets the refusal, as for any failed statement.
        stale.add(sqlText);
        return query(sqlText, values).catch(() => {
          throw error;
        });
      });
    }) as pg.PoolClient['query'];
  });
  return pool;
}

/** PostgreSQL's refusal to run a statement prepared before its result's columns changed. */
function isChangedResultType(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}
