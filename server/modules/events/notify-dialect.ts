import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { type ForumEvent, forumEvent } from '../../../shared/schemas/events';
import type { EventHub } from './event-hub';

/** The PostgreSQL channel every instance notifies and listens on. */
export const EVENTS_CHANNEL = 'forum_events';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; ours are ids, far below. */
export const MAX_PAYLOAD_BYTES = 7900;

/**
 * The statement `publish` runs in the caller's transaction. The driver below recognises it by
 * its exact text: on PostgreSQL it runs (so the notification is sent at commit and dropped on
 * rollback); on SQLite there is no one else to tell and it never reaches the database.
 */
export const NOTIFY_SQL = `select pg_notify('${EVENTS_CHANNEL}', $1) as forum_event`;

/** The wire form of a notification: the event, and which process sent it. */
export interface NotifyPayload {
  origin: string;
  event: ForumEvent;
}

export function notifyStatement(event: ForumEvent): CompiledQuery {
  return CompiledQuery.raw(NOTIFY_SQL, [JSON.stringify(event)]);
}

/**
 * The commit of a transaction that published events, with their NOTIFYs in front: one round trip
 * instead of one per event plus the commit. PostgreSQL sends notifications at the commit anyway,
 * so they go out exactly as before. With no parameters, node-postgres sends this as one simple
 * query, which may hold several statements; a failing NOTIFY stops the commit after it. The
 * payloads are ours (JSON of ids and names), quoted as literals all the same.
 */
export function notifyAndCommitSql(payloads: readonly string[]): string {
  const notifies = payloads.map((payload) => `pg_notify('${EVENTS_CHANNEL}', ${pg.escapeLiteral(payload)})`);
  return `select ${notifies.join(', ')}; commit`;
}

/**
 * Wraps a dialect so events published inside a transaction reach this process's subscribers
 * only after the commit (never after a rollback), and, on PostgreSQL, reach other instances
 * through NOTIFY in the same transaction, sent with its commit. Outside a transaction the event
 * follows the statement.
 */
export function withEventBus(dialect: Dialect, hub: EventHub, options: { notify: boolean }): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new EventBusDriver(dialect.createDriver(), hub, options.notify),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

class EventBusConnection implements DatabaseConnection {
  inTransaction = false;
  pending: ForumEvent[] = [];
  /** The NOTIFY payloads of the open transaction, sent with its commit. */
  pendingPayloads: string[] = [];

  constructor(
    readonly inner: DatabaseConnection,
    private readonly hub: EventHub,
    private readonly notify: boolean,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (query.sql !== NOTIFY_SQL) return this.inner.executeQuery<R>(query);
    const event = forumEvent.parse(JSON.parse(String(query.parameters[0])));
    if (this.notify) {
      const payload = JSON.stringify({ origin: this.hub.origin, event } satisfies NotifyPayload);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        throw new Error(`event payload too large: ${event.type}`);
      if (this.inTransaction) this.pendingPayloads.push(payload);
      else await this.inner.executeQuery(CompiledQuery.raw(NOTIFY_SQL, [payload]));
    }
    if (this.inTransaction) this.pending.push(event);
    else this.hub.deliver({ kind: 'event', event });
    return { rows: [] };
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class EventBusDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly hub: EventHub,
    private readonly notify: boolean,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new EventBusConnection(await this.inner.acquireConnection(), this.hub, this.notify);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const own = unwrap(connection);
    await this.inner.beginTransaction(own.inner, settings);
    own.inTransaction = true;
    own.pending = [];
    own.pendingPayloads = [];
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const own = unwrap(connection);
    const payloads = own.pendingPayloads;
    own.pendingPayloads = [];
    if (payloads.length > 0) await own.inner.executeQuery(CompiledQuery.raw(notifyAndCommitSql(payloads)));
    else await this.inner.commitTransaction(own.inner);
    const events = own.pending;
    own.inTransaction = false;
    own.pending = [];
    for (const event of events) this.hub.deliver({ kind: 'event', event });
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const own = unwrap(connection);
    own.inTransaction = false;
    own.pending = [];
    own.pendingPayloads = [];
    await this.inner.rollbackTransaction(own.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported by this dialect');
    await this.inner.savepoint(unwrap(connection).inner, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this dialect');
    // Events published after the savepoint are not told apart; the app uses no savepoints.
    await this.inner.rollbackToSavepoint(unwrap(connection).inner, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported by this dialect');
    await this.inner.releaseSavepoint(unwrap(connection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

function unwrap(connection: DatabaseConnection): EventBusConnection {
  if (!(connection instanceof EventBusConnection))
    throw new Error('not a connection of the event bus driver');
  return connection;
}
