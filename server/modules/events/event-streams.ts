import { randomBytes } from 'node:crypto';
import { type ForumEvent, INTERNAL_EVENT_TYPES } from '../../../shared/schemas/events';
import type { BusMessage } from './event-hub';

/** What one stream watches, from its query and its (verified) ticket. */
export interface Subscription {
  topics: ReadonlySet<number>;
  forums: ReadonlySet<number>;
  home: boolean;
  /** Only ever true for an admin's stream. */
  reports: boolean;
  /** The user whose notifications the stream gets, only ever the ticket's own user. */
  notificationsFor: number | null;
}

/** The part of a Node response a stream writes to (a fake one in unit tests). */
export interface StreamSink {
  write(chunk: string): boolean;
  end(chunk?: string): void;
  destroy(): void;
  readonly writableLength: number;
}

interface Stream {
  sink: StreamSink;
  address: string;
  subscription: Subscription;
  sessionId: number | null;
}

interface Replayed {
  seq: number;
  at: number;
  event: ForumEvent | null;
  frame: string;
}

export interface StreamLimits {
  /** Open streams in this process. */
  max: number;
  /** Open streams from one client address. */
  perAddress: number;
  /** A stream whose unsent bytes pass this is dropped: it reads too slowly. */
  maxBufferedBytes?: number;
  /** Events kept for Last-Event-ID resume: at most this many, and none older than replayMs. */
  replaySize?: number;
  replayMs?: number;
  /** Comment line that keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** The browser's wait before reconnecting after the stream ends. */
  retryMs?: number;
}

export type Admission = 'ok' | 'process-full' | 'address-full';

/** Does a stream with this subscription show something this event changed? */
export function concerns(subscription: Subscription, event: ForumEvent): boolean {
  const { topics, forums, home } = subscription;
  switch (event.type) {
    case 'topic.created':
    case 'topic.deleted':
    case 'topic.updated':
    case 'message.created':
    case 'message.deleted':
      // A reply changes the topic's place and count in its lists as well as the topic page.
      return home || forums.has(event.forumId) || topics.has(event.topicId);
    case 'topic.moved':
      return home || forums.has(event.forumId) || forums.has(event.fromForumId) || topics.has(event.topicId);
    case 'message.updated':
      // Only the main message's text shows in the lists (as the preview).
      return (
        topics.has(event.topicId) ||
        (event.messageId === event.topicId && (home || forums.has(event.forumId)))
      );
    case 'message.liked':
      return topics.has(event.topicId);
    case 'report.created':
    case 'report.closed':
      return subscription.reports;
    case 'notification.created':
      return subscription.notificationsFor === event.userId;
    case 'session.revoked':
    case 'forums.changed':
    case 'site.changed':
    case 'user.changed':
      return false;
  }
}

/**
 * The open GET /api/events streams of this process: fan-out of bus events to the streams they
 * concern, a short replay window for Last-Event-ID, heartbeats, limits, and closing them all at
 * shutdown. Event ids are `<boot>-<seq>`: a resume on another instance or after a restart (other
 * boot) or older than the window gets a resync instead of a partial replay.
 */
export class EventStreams {
  readonly boot = randomBytes(4).toString('hex');
  private readonly streams = new Set<Stream>();
  private readonly perAddress = new Map<string, number>();
  private readonly replay: Replayed[] = [];
  private seq = 0;
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;
  readonly maxBufferedBytes: number;
  readonly replaySize: number;
  readonly replayMs: number;
  readonly retryMs: number;
  /** Streams dropped for reading too slowly, since start. */
  dropped = 0;

  constructor(
    private readonly limits: StreamLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.maxBufferedBytes = limits.maxBufferedBytes ?? 256 * 1024;
    this.replaySize = limits.replaySize ?? 1000;
    this.replayMs = limits.replayMs ?? 2 * 60_000;
    this.retryMs = limits.retryMs ?? 3_000;
    this.heartbeat = setInterval(() => this.ping(), limits.heartbeatMs ?? 25_000);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Whether one more stream from this address may open. */
  admit(address: string): Admission {
    if (this.streams.size >= this.limits.max) return 'process-full';
    if ((this.perAddress.get(address) ?? 0) >= this.limits.perAddress) return 'address-full';
    return 'ok';
  }

  /**
   * Registers an opened stream and sends its first frame: the reconnect delay and the current
   * position, then whatever it missed since `lastEventId` (or a resync). Answers how to close it.
   */
  open(
    sink: StreamSink,
    options: { address: string; subscription: Subscription; sessionId: number | null; lastEventId?: string },
  ): () => void {
    const stream: Stream = { sink, ...options };
    this.streams.add(stream);
    this.perAddress.set(options.address, (this.perAddress.get(options.address) ?? 0) + 1);
    let head = `retry: ${this.retryMs}\n`;
    head += options.lastEventId ? this.resume(stream, options.lastEventId) : `id: ${this.position()}\n\n`;
    sink.write(head);
    return () => this.remove(stream);
  }

  /** The bus's messages: events go to the streams they concern, a resync to all. */
  handle(message: BusMessage): void {
    if (this.closing) return;
    if (message.kind === 'resync') {
      this.broadcast(this.record(null), () => true);
      return;
    }
    const { event } = message;
    if (event.type === 'session.revoked') {
      for (const stream of this.streams) if (stream.sessionId === event.sessionId) this.close(stream);
      return;
    }
    if (INTERNAL_EVENT_TYPES.has(event.type)) return;
    this.broadcast(this.record(event), (stream) => concerns(stream.subscription, event));
  }

  /** Graceful shutdown: every stream is told when to come back and ended, so close() doesn't wait. */
  closeAll(): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const stream of [...this.streams]) {
      // Spread the reconnects so a restarting instance's browsers do not all land at once.
      const retry = Math.round(this.retryMs / 3 + Math.random() * this.retryMs);
      stream.sink.end(`retry: ${retry}\n\n`);
      this.remove(stream);
    }
  }

  /**
   * The id of the newest event this process has numbered: a stream resumed from it gets every
   * later event. A server-rendered page carries the one its data was read at (shared/server-render.ts).
   */
  position(): string {
    return `${this.boot}-${this.seq}`;
  }

  private record(event: ForumEvent | null): Replayed {
    this.seq += 1;
    const at = this.now();
    const data = JSON.stringify(event ?? { type: 'resync' });
    const frame = `id: ${this.position()}\nevent: ${event?.type ?? 'resync'}\ndata: ${data}\n\n`;
    const entry = { seq: this.seq, at, event, frame };
    this.replay.push(entry);
    while (this.replay.length > this.replaySize) this.replay.shift();
    while (this.replay.length > 0 && (this.replay[0]?.at ?? at) < at - this.replayMs) this.replay.shift();
    return entry;
  }

  private resume(stream: Stream, lastEventId: string): string {
    const resync = () => `id: ${this.position()}\nevent: resync\ndata: {"type":"resync"}\n\n`;
    const match = /^([0-9a-f]{8})-(\d{1,15})$/.exec(lastEventId.trim());
    if (!match || match[1] !== this.boot) return resync();
    const last = Number(match[2]);
    if (last > this.seq) return resync();
    if (last === this.seq) return '\n';
    const oldest = this.replay[0];
    const cutoff = this.now() - this.replayMs;
    // Every event after `last` must still be in the window, or the page may miss one.
    if (!oldest || oldest.seq > last + 1 || oldest.at < cutoff) return resync();
    let frames = '';
    for (const entry of this.replay) {
      if (entry.seq <= last) continue;
      if (entry.event === null || concerns(stream.subscription, entry.event)) frames += entry.frame;
    }
    return frames || `id: ${this.position()}\n\n`;
  }

  private broadcast(entry: Replayed, wants: (stream: Stream) => boolean): void {
    for (const stream of this.streams) if (wants(stream)) this.send(stream, entry.frame);
  }

  private ping(): void {
    for (const stream of this.streams) this.send(stream, ':\n\n');
  }

  private send(stream: Stream, frame: string): void {
    // A reader that falls this far behind would make the server hold everything for it.
    if (stream.sink.writableLength > this.maxBufferedBytes) {
      this.dropped += 1;
      stream.sink.destroy();
      this.remove(stream);
      return;
    }
    stream.sink.write(frame);
  }

  private close(stream: Stream): void {
    stream.sink.end();
    this.remove(stream);
  }

  private remove(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    const count = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (count > 0) this.perAddress.set(stream.address, count);
    else this.perAddress.delete(stream.address);
  }
}
