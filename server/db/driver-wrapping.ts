import type { Dialect, Driver, QueryCompiler } from 'kysely';

/** A dialect with some of its parts made otherwise; the rest are the dialect's. */
function dialectWith(
  dialect: Dialect,
  parts: { createDriver?: () => Driver; createQueryCompiler?: () => QueryCompiler },
): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: parts.createDriver ?? (() => dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: parts.createQueryCompiler ?? (() => dialect.createQueryCompiler()),
  };
}

/** A dialect whose driver is `wrap` of the dialect's own; everything else is the dialect's. */
export function withDriver(dialect: Dialect, wrap: (driver: Driver) => Driver): Dialect {
  return dialectWith(dialect, { createDriver: () => wrap(dialect.createDriver()) });
}

/** A dialect whose SQL is written by `create()`'s compiler; everything else is the dialect's. */
export function withQueryCompiler(dialect: Dialect, create: () => QueryCompiler): Dialect {
  return dialectWith(dialect, { createQueryCompiler: create });
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
