import { type Dialect, type LimitNode, SqliteQueryCompiler, ValueNode } from 'kysely';
import { withQueryCompiler } from './driver-wrapping';

/** How LimitsInTextCompiler writes a limit, for finding a placeholder it wrote (compiledOnce). */
export const limitInText = (limit: number) => `limit ${limit}`;

/**
 * SQLite (3.53, in better-sqlite3 12) plans a statement for the value bound to its LIMIT and
 * prepares it again whenever that parameter is bound, which better-sqlite3 does on every run: a
 * topic page's statement spent about half its time being parsed and planned again (`perf` showed
 * `sqlite3Reprepare` under every `Statement::all`; 181 µs a run against 93 µs with the limit
 * written in). So an integer LIMIT is written into the SQL text, where it is planned once per value
 * (the app's limits are a handful of page sizes). PostgreSQL keeps it a parameter.
 */
class LimitsInTextCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    if (ValueNode.is(limit) && typeof limit.value === 'number' && Number.isSafeInteger(limit.value)) {
      this.append(limitInText(limit.value));
      return;
    }
    super.visitLimit(node);
  }
}

/** The SQLite dialect with its integer LIMITs written into the SQL text (LimitsInTextCompiler). */
export function withLimitsInText(dialect: Dialect): Dialect {
  return withQueryCompiler(dialect, () => new LimitsInTextCompiler());
}
