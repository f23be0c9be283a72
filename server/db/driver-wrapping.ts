import type { Dialect, Driver } from 'kysely';

/** A dialect whose driver is `wrap` of the dialect's own; everything else is the dialect's. */
export function withDriver(dialect: Dialect, wrap: (driver: Driver) => Driver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => wrap(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/** A driver that hands every call to `driver`: spread it and replace the calls a wrapper changes. */
export function forwardingDriver(driver: Driver): Driver {
  return {
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  };
}
