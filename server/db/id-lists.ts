import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { databaseKind } from './connect';
import type { Database } from './database';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A list of ids as one text parameter: a PostgreSQL array literal (`{1,2,3}`) or, on SQLite, a
 * JSON array. With the list in one parameter, a query over any number of ids has one SQL text, so
 * it can be compiled once (and prepared on PostgreSQL) where `IN (?, ?, …)` has a text per length.
 */
export function idList(db: Db, ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new TypeError(`not an id: ${id}`);
  return databaseKind(db) === 'postgres' ? `{${ids.join(',')}}` : JSON.stringify(ids);
}

/** `column` is one of the ids of a list made by idList. */
export function isAmongIds(db: Db, column: string, list: string): Expression<SqlBool> {
  return databaseKind(db) === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = ANY(CAST(${list} AS bigint[]))`
    : sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${list}))`;
}
