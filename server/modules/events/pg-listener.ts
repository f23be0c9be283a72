import pg from 'pg';
import { forumEvent } from '../../../shared/schemas/events';
import type { EventHub } from './event-hub';
import { EVENTS_CHANNEL, type NotifyPayload } from './notify-dialect';

export interface ListenerOptions {
  connectionString: string;
  hub: EventHub;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often the connection is asked `select 1`; a silent network drop shows up here. */
  heartbeatMs?: number;
  /** How long the heartbeat may take before the connection counts as lost. */
  heartbeatTimeoutMs?: number;
  /** First and largest wait before reconnecting; the wait doubles between, with jitter. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * The one dedicated `LISTEN forum_events` connection of an instance (not one from the pool: a
 * pooled connection would be handed to queries and its LISTEN lost on release). Every other
 * instance's events go to the hub; this instance's own are skipped, the driver delivered them at
 * commit. A lost connection (error, end, or a heartbeat without answer) is reopened with backoff,
 * and once it listens again every subscriber gets a resync: events sent during the gap are gone.
 */
export class PostgresEventListener {
  private client: pg.Client | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private failures = 0;
  private readonly heartbeatMs: number;
  private readonly heartbeatTimeoutMs: number;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  /** Resolves the first time the connection listens, so start-up misses nothing published after it. */
  private listening: Promise<void>;
  private markListening: () => void = () => {};

  constructor(private readonly options: ListenerOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 3_000;
    this.minBackoffMs = options.minBackoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.listening = new Promise((resolve) => {
      this.markListening = resolve;
    });
  }

  /** Connects; waits for the first LISTEN, or keeps retrying in the background if it fails. */
  async start(timeoutMs = 10_000): Promise<void> {
    void this.connect(false);
    await Promise.race([this.listening, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }

  /** The server process id of the listening connection (tests end it with pg_terminate_backend). */
  get backendPid(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | null)?.processID;
  }

  get isListening(): boolean {
    return this.client !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.stopHeartbeat();
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }

  private async connect(reconnecting: boolean): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.connectionString, keepAlive: true });
    // Until `connect` resolves, errors arrive through it; afterwards they mean the connection died.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listener connection ended')));
    client.on('notification', (message) => this.receive(message.channel, message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
      this.scheduleReconnect(error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.failures = 0;
    this.startHeartbeat(client);
    this.markListening();
    if (reconnecting) {
      this.options.log.info({ pid: this.backendPid }, 'event listener reconnected: subscribers resync');
      this.options.hub.deliver({ kind: 'resync', reason: 'listener reconnected' });
    }
  }

  private receive(channel: string, payload: string | undefined): void {
    if (channel !== EVENTS_CHANNEL || payload === undefined) return;
    let parsed: NotifyPayload;
    try {
      const raw = JSON.parse(payload) as { origin?: unknown; event?: unknown };
      parsed = { origin: String(raw.origin), event: forumEvent.parse(raw.event) };
    } catch (error) {
      this.options.log.warn({ err: error }, 'ignored a malformed event notification');
      return;
    }
    if (parsed.origin === this.options.hub.origin) return;
    this.options.hub.deliver({ kind: 'event', event: parsed.event });
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.stopHeartbeat();
    client.removeAllListeners();
    client.on('error', () => {});
    // A connection that stopped answering would never finish a polite end().
    client.connection.stream.destroy();
    if (this.stopped) return;
    this.options.log.warn({ err: error }, 'event listener connection lost: reconnecting');
    this.scheduleReconnect(error);
  }

  private scheduleReconnect(error: unknown): void {
    if (this.stopped) return;
    this.failures += 1;
    const ceiling = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** (this.failures - 1));
    const wait = ceiling / 2 + Math.random() * (ceiling / 2);
    if (this.failures > 1) this.options.log.warn({ err: error, wait }, 'event listener: connecting failed');
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect(true);
    }, wait);
    this.retry.unref();
  }

  private startHeartbeat(client: pg.Client): void {
    this.heartbeat = setInterval(() => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('heartbeat timed out')), this.heartbeatTimeoutMs);
      });
      Promise.race([client.query('select 1'), timeout])
        .catch((error: unknown) => this.lost(client, error))
        .finally(() => clearTimeout(timer));
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
