import { CompiledQuery, type Dialect } from 'kysely';
import { forwardingDriver, withDriver } from './driver-wrapping';

/**
 * SQLite transactions that take the write lock when they begin (`BEGIN IMMEDIATE`) instead of at
 * their first write. Kysely begins them deferred: a transaction that reads, then writes, fails with
 * SQLITE_BUSY_SNAPSHOT (busy_timeout does not help) whenever another connection to the file
 * committed in between: the CLI or a second process beside a running server. Begun immediately, it
 * waits its turn under busy_timeout instead. The server's own transactions take turns on its one
 * connection either way, so this costs it nothing.
 */
export function withImmediateTransactions(dialect: Dialect): Dialect {
  return withDriver(dialect, (driver) => ({
    ...forwardingDriver(driver),
    beginTransaction: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    },
  }));
}
