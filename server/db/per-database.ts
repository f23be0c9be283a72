import type { DialectAdapter, Kysely, Transaction } from 'kysely';
import type { Database } from './database';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Something made once per database and found again from any handle of it: keyed by the dialect's
 * adapter, which a Kysely instance hands on to each of its transactions (every transaction is a
 * new handle). The app adds no Kysely plugins, the other thing that could make two handles of one
 * database differ. A database that is closed and dropped takes its entry with it.
 */
export function perDatabase<T>(create: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<DialectAdapter, T>();
  return (db) => {
    const adapter = db.getExecutor().adapter;
    let value = made.get(adapter);
    if (value === undefined) {
      value = create(db);
      made.set(adapter, value);
    }
    return value;
  };
}
