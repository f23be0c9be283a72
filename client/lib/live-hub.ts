import type { ForumEvent, EventsTicketResponse } from '../../shared/schemas/events';
import { type InternalEventType, STREAM_EVENT_TYPES } from '../../shared/event-types';
import { AUTH_TOKEN_KEY, ApiError, apiFetch } from './api-client';
import { apiPaths } from './query-keys';

/** What one component wants to hear; the tab's single stream watches the union of them all. */
export interface LiveSubscription {
  topic?: number;
  forum?: number;
  home?: boolean;
  /** Admins' report queue: needs a ticket. */
  reports?: boolean;
  /** The user's own notifications: needs a ticket. */
  notifications?: boolean;
}

/** A named event of GET /api/events: a browser-visible ForumEvent, or `resync` (refetch everything shown). */
export type LiveEvent =
  | Exclude<ForumEvent, { type: InternalEventType }>
  | {
      type: 'resync';
    };
export type LiveHandler = (event: LiveEvent) => void;

/** The parts of EventSource the hub uses, so tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}

export interface LiveHubOptions {
  createSource: (url: string) => EventSourceLike;
  fetchTicket: () => Promise<EventsTicketResponse>;
  /** Whether a login token is stored: without one no ticket is asked for. */
  isLoggedIn: () => boolean;
  /** Where the first stream resumes from: the position a server-rendered page was read at. */
  resumeFrom?: string | null;
  now?: () => number;
  /** Coalesces subscription changes of one render pass (pages mount and unmount together). */
  debounceMs?: number;
  /** After the server refused to open a stream (a 4xx/5xx answer, not a dropped connection). */
  retryMs?: number;
  /** How long before `expiresAt` a ticket is replaced. */
  ticketMarginMs?: number;
}

const CLOSED = 2;

interface Entry {
  subscription: LiveSubscription;
  handler: LiveHandler;
}

/** The query string of a subscription union, in a stable order so equal unions compare equal. */
export function subscriptionQuery(subscriptions: Iterable<LiveSubscription>): URLSearchParams | null {
  const topics = new Set<number>();
  const forums = new Set<number>();
  let home = false;
  let reports = false;
  let notifications = false;
  for (const sub of subscriptions) {
    if (sub.topic !== undefined && sub.topic > 0) topics.add(sub.topic);
    if (sub.forum !== undefined && sub.forum > 0) forums.add(sub.forum);
    home ||= sub.home === true;
    reports ||= sub.reports === true;
    notifications ||= sub.notifications === true;
  }
  const params = new URLSearchParams();
  if (topics.size) params.set('topic', [...topics].sort((a, b) => a - b).join(','));
  if (forums.size) params.set('forum', [...forums].sort((a, b) => a - b).join(','));
  if (home) params.set('home', '1');
  if (reports) params.set('reports', '1');
  if (notifications) params.set('notifications', '1');
  return [...params.keys()].length ? params : null;
}

/** Whether an event concerns what a subscription watches (the stream carries the union). */
export function concerns(sub: LiveSubscription, event: LiveEvent): boolean {
  switch (event.type) {
    case 'resync':
      return true;
    case 'report.created':
    case 'report.closed':
      return sub.reports === true;
    case 'notification.created':
      return sub.notifications === true;
    case 'message.updated':
    case 'message.liked':
      return sub.topic === event.topicId;
    case 'topic.moved':
      return (
        sub.topic === event.topicId ||
        sub.home === true ||
        sub.forum === event.forumId ||
        sub.forum === event.fromForumId
      );
    default:
      return sub.topic === event.topicId || sub.home === true || sub.forum === event.forumId;
  }
}

/**
 * One server-sent event stream for the whole tab (browsers allow ~6 HTTP/1.1 connections per
 * origin): components register what they show, the hub opens one EventSource on the union,
 * reopens it (debounced, resuming from the last event id) when the union changes, fetches a
 * ticket first when reports or notifications are wanted and replaces it before it expires, and
 * hands each event to the components it concerns.
 */
export class LiveHub {
  private readonly entries = new Set<Entry>();
  private source: EventSourceLike | null = null;
  private openQuery = '';
  private lastEventId: string | null = null;
  private ticket: EventsTicketResponse | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticketTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped on every reopen, so a late ticket answer for an older union is dropped. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: LiveHubOptions) {
    this.now = options.now ?? Date.now;
    this.lastEventId = options.resumeFrom ?? null;
  }

  /** Registers a component's interest; returns the unsubscribe. */
  subscribe(subscription: LiveSubscription, handler: LiveHandler): () => void {
    const entry: Entry = { subscription, handler };
    this.entries.add(entry);
    this.schedule();
    return () => {
      this.entries.delete(entry);
      this.schedule();
    };
  }

  /** The login changed (login, logout here or in another tab): tickets belong to the old session. */
  authChanged(): void {
    this.ticket = null;
    this.close();
    this.schedule();
  }

  /** Whether a stream is open (or opening), for tests and diagnostics. */
  get url(): string | null {
    return this.source ? this.openQuery : null;
  }

  private schedule(delay = this.options.debounceMs ?? 50): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.reconcile();
    }, delay);
  }

  private wanted(): LiveSubscription[] {
    const loggedIn = this.options.isLoggedIn();
    return [...this.entries].map(({ subscription }) =>
      loggedIn ? subscription : { ...subscription, reports: false, notifications: false },
    );
  }

  private async reconcile(): Promise<void> {
    const params = subscriptionQuery(this.wanted());
    if (!params) {
      this.close();
      return;
    }
    const base = params.toString();
    if (this.source && this.source.readyState !== CLOSED && base === this.openQuery) return;
    const generation = ++this.generation;
    const needsTicket = params.has('reports') || params.has('notifications');
    if (needsTicket) {
      const margin = this.options.ticketMarginMs ?? 60_000;
      if (!this.ticket || this.ticket.expiresAt - margin <= this.now()) {
        try {
          this.ticket = await this.options.fetchTicket();
        } catch (error) {
          if (generation !== this.generation) return;
          this.ticket = null;
          // Refused (logged out elsewhere): stream what a guest may see; else try again later.
          if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
            params.delete('reports');
            params.delete('notifications');
            if (![...params.keys()].length) {
              this.close();
              return;
            }
          } else {
            this.schedule(this.options.retryMs ?? 5000);
            return;
          }
        }
      }
      if (generation !== this.generation) return;
      if (this.ticket) {
        params.set('ticket', this.ticket.ticket);
        this.scheduleTicketRenewal(this.ticket.expiresAt - margin);
      }
    }
    if (this.lastEventId) params.set('lastEventId', this.lastEventId);
    this.open(base, `${apiPaths.events}?${params.toString()}`);
  }

  private scheduleTicketRenewal(at: number): void {
    if (this.ticketTimer) clearTimeout(this.ticketTimer);
    this.ticketTimer = setTimeout(
      () => {
        this.ticketTimer = null;
        this.ticket = null;
        this.close();
        void this.reconcile();
      },
      Math.max(1000, at - this.now()),
    );
  }

  private open(base: string, url: string): void {
    this.closeSource();
    const source = this.options.createSource(url);
    this.source = source;
    this.openQuery = base;
    for (const type of STREAM_EVENT_TYPES) {
      source.addEventListener(type, (message) => {
        if (this.source !== source) return;
        if (message.lastEventId) this.lastEventId = message.lastEventId;
        this.dispatch(type, message.data);
      });
    }
    source.onerror = () => {
      // A dropped connection is retried by the browser itself (readyState CONNECTING). CLOSED means
      // the server answered with an error (401 after a logout, 429, 5xx): reopen by hand later,
      // with a fresh ticket in case the old one is what was refused.
      if (this.source !== source || source.readyState !== CLOSED) return;
      this.closeSource();
      this.ticket = null;
      this.schedule(this.options.retryMs ?? 5000);
    };
  }

  private dispatch(type: string, data: string): void {
    let event: LiveEvent;
    try {
      event = type === 'resync' ? { type: 'resync' } : (JSON.parse(data) as LiveEvent);
    } catch {
      return;
    }
    if (event.type !== type) return;
    for (const entry of [...this.entries]) {
      if (!this.entries.has(entry) || !concerns(entry.subscription, event)) continue;
      try {
        entry.handler(event);
      } catch (error) {
        // One component's failure must not stop the others' updates.
        console.error(error);
      }
    }
  }

  private closeSource(): void {
    this.source?.close();
    this.source = null;
    this.openQuery = '';
  }

  private close(): void {
    this.generation += 1;
    this.closeSource();
    if (this.ticketTimer) clearTimeout(this.ticketTimer);
    this.ticketTimer = null;
  }
}

let hub: LiveHub | null = null;

/**
 * The tab's hub, made on first use in the browser (never during a server render). This module loads
 * after the page (client/lib/live-events.ts), so it is not part of any page's first download.
 */
export function liveHub(resumeFrom: string | null = null): LiveHub | null {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') return null;
  hub ??= new LiveHub({
    resumeFrom,
    createSource: (url) => new EventSource(url),
    fetchTicket: () => apiFetch<EventsTicketResponse>(apiPaths.eventsTicket, { method: 'POST', body: {} }),
    isLoggedIn: () => {
      try {
        return localStorage.getItem(AUTH_TOKEN_KEY) !== null;
      } catch {
        return false;
      }
    },
  });
  return hub;
}
