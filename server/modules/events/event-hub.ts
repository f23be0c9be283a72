import { randomBytes } from 'node:crypto';
import type { ForumEvent } from '../../../shared/schemas/events';

/** What subscribers hear: an event, or "some events may have been missed, refetch". */
export type BusMessage = { kind: 'event'; event: ForumEvent } | { kind: 'resync'; reason: string };
export type BusListener = (message: BusMessage) => void;

/**
 * The in-process side of the event bus, one per database handle: the driver hands it the events
 * of this process's committed transactions, and on PostgreSQL the listener hands it every other
 * instance's. Delivery is synchronous, so a cache subscribed here is cleared before the write
 * that published answers.
 */
export class EventHub {
  /** Tags this process's NOTIFY payloads so its listener skips what it already delivered. */
  readonly origin = randomBytes(8).toString('hex');
  private readonly listeners = new Set<BusListener>();
  private onError: (error: unknown) => void = () => {};

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Where a throwing listener is reported (the app's logger); it never stops the others. */
  reportErrorsTo(onError: (error: unknown) => void): void {
    this.onError = onError;
  }

  deliver(message: BusMessage): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
