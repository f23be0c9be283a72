import {
  type CompiledQuery,
  createQueryId,
  type Kysely,
  PostgresAdapter,
  type QueryResult,
  type Transaction,
} from 'kysely';
import type { Database } from './database';
import { perDatabase } from './per-database';
import { prepareOnPostgres } from './postgres-statements';
import { limitInText } from './sqlite-limits';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A placeholder for a query compiled once: a safe integer no id, time, count or limit can be;
 * `index` tells a query's placeholders apart.
 */
export const integerPlaceholder = (index: number) => Number.MIN_SAFE_INTEGER + index;

/** A placeholder for a text argument: no stored text begins with a NUL character. */
export const textPlaceholder = (name: string) => `\u0000${name}`;

/**
 * A query whose shape never changes, built and compiled by Kysely once per database and then run
 * with each call's values, in or out of a transaction. Kysely builds the query tree and compiles
 * it to SQL on every call; for the session lookup every logged-in request makes, that was about a
 * tenth of the request's CPU time, for the same SQL text each time.
 *
 * `build` is called once with `placeholders`, which it must pass to Kysely as they are (as values
 * of the query, not folded into other values): a parameter of the compiled query equal to a
 * placeholder is replaced by the call's value in the same position. So each placeholder must be a
 * value no constant of the query can equal. A placeholder SQLite's compiler wrote into the text as
 * a LIMIT (server/db/sqlite-limits.ts) is replaced there, in a text kept for each limit.
 */
export function compiledOnce<Args extends readonly unknown[], Row>(
  build: (db: Db, ...args: Args) => { compile(): CompiledQuery<Row> },
  placeholders: Args,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const run = compiledStatementOnce(build, placeholders);
  return async (db, ...args) => (await run(db, ...args)).rows;
}

/** compiledOnce for a statement whose count of changed rows matters: answers the whole result. */
export function compiledStatementOnce<Args extends readonly unknown[], Row>(
  build: (db: Db, ...args: Args) => { compile(): CompiledQuery<Row> },
  placeholders: Args,
): (db: Db, ...args: Args) => Promise<QueryResult<Row>> {
  // With each query, the argument every parameter takes (-1: a constant of the query), found once.
  const compiledFor = perDatabase((db) => {
    const query = build(db, ...placeholders).compile();
    if (db.getExecutor().adapter instanceof PostgresAdapter) prepareOnPostgres(query.sql);
    return {
      query,
      argumentAt: query.parameters.map((value) => placeholders.indexOf(value)),
      limitsInText: limitsInText(query.sql, placeholders),
    };
  });
  return async (db, ...args) => {
    const { query, argumentAt, limitsInText } = compiledFor(db);
    const parameters = query.parameters.map((value, index) => {
      const at = argumentAt[index] ?? -1;
      return at < 0 ? value : args[at];
    });
    const text = limitsInText ? limitsInText(args) : query.sql;
    return db.executeQuery<Row>({ ...query, sql: text, parameters, queryId: createQueryId() });
  };
}

/** Beyond this many limits, a query's text is made again on each call instead of kept. */
const KEPT_TEXTS = 32;

/**
 * The query's text for each call's limits, when a placeholder was written into it as a LIMIT (a
 * SQLite query); null when none was. Each text is made once per limit and kept.
 */
function limitsInText(
  sql: string,
  placeholders: readonly unknown[],
): ((args: readonly unknown[]) => string) | null {
  // The whole number only: no digit may follow it.
  const writtenAs = (placeholder: number) => new RegExp(`${limitInText(placeholder)}(?!\\d)`, 'g');
  const written = placeholders.flatMap((placeholder, at) =>
    typeof placeholder === 'number' && writtenAs(placeholder).test(sql) ? [{ placeholder, at }] : [],
  );
  if (written.length === 0) return null;
  const texts = new Map<string, string>();
  return (args) => {
    const limits = written.map(({ at }) => args[at]);
    const key = limits.join(',');
    let text = texts.get(key);
    if (text === undefined) {
      text = written.reduce((made, { placeholder }, index) => {
        const limit = limits[index];
        if (typeof limit !== 'number' || !Number.isSafeInteger(limit)) {
          throw new TypeError(`a query's limit must be an integer, not ${String(limit)}`);
        }
        return made.replace(writtenAs(placeholder), limitInText(limit));
      }, sql);
      if (texts.size < KEPT_TEXTS) texts.set(key, text);
    }
    return text;
  };
}
