import { CompiledQuery, type Dialect, type Driver } from 'kysely';

/**
 * SQLite transactions that take the write lock when they begin (`BEGIN IMMEDIATE`) instead of at
 * their first write. Kysely begins them deferred: a transaction that reads, then writes, fails with
 * SQLITE_BUSY_SNAPSHOT (busy_timeout does not help) whenever another connection to the file
 * committed in between: the CLI or a second process beside a running server. Begun immediately, it
 * waits its turn under busy_timeout instead. The server's own transactions take turns on its one
 * connection either way, so this costs it nothing.
 */
export function withImmediateTransactions(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => immediateDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

function immediateDriver(driver: Driver): Driver {
  return {
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    beginTransaction: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    },
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  };
}
