import type { Kysely } from 'kysely';
import type { ForumEvent } from '../shared/schemas/events';
import type { Database } from './db/database';
import { type BusListener, EventHub } from './modules/events/event-hub';
import { notifyStatement } from './modules/events/notify-dialect';

export type { ForumEvent } from '../shared/schemas/events';
export type { BusListener, BusMessage } from './modules/events/event-hub';

const hubs = new WeakMap<Kysely<Database>, EventHub>();

/** Ties a database handle to the hub its driver delivers to (connectDatabase does this). */
export function attachEventHub(db: Kysely<Database>, hub: EventHub): void {
  hubs.set(db, hub);
}

/** The in-process side of the bus for a database handle. */
export function eventHubOf(db: Kysely<Database>): EventHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new EventHub();
    hubs.set(db, hub);
  }
  return hub;
}

/**
 * Publishes what a write changed. Call it inside the write's transaction (`trx`): subscribers in
 * this process hear it right after the commit, other instances through PostgreSQL NOTIFY at the
 * commit, and a rolled-back write publishes nothing. With `db` outside a transaction, the event
 * goes out at once (for a write that was a single statement, already committed).
 */
export async function publish(db: Kysely<Database>, event: ForumEvent): Promise<void> {
  await db.executeQuery(notifyStatement(event));
}

/** Every event of every instance, and a resync when some may have been missed. */
export function subscribe(db: Kysely<Database>, listener: BusListener): () => void {
  return eventHubOf(db).subscribe(listener);
}
