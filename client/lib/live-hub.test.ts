// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '../../shared/errors';
import type { EventsTicketResponse } from '../../shared/schemas/events';
import { ApiError } from './api-client';
import { concerns, type EventSourceLike, type LiveEvent, LiveHub, subscriptionQuery } from './live-hub';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: unknown, id = '') {
    const event = new MessageEvent<string>(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The server refused the stream (e.g. 401): EventSource gives up and reports an error. */
  refuse() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

function setup(
  options: { loggedIn?: boolean; ticket?: () => Promise<EventsTicketResponse>; resumeFrom?: string } = {},
) {
  const sources: FakeSource[] = [];
  let now = 1_000_000;
  let loggedIn = options.loggedIn ?? true;
  let issued = 0;
  const fetchTicket = vi.fn(
    options.ticket ??
      (async (): Promise<EventsTicketResponse> => {
        issued += 1;
        return { ticket: `t${issued}`, expiresAt: now + 600_000 };
      }),
  );
  const hub = new LiveHub({
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    fetchTicket,
    isLoggedIn: () => loggedIn,
    now: () => now,
    debounceMs: 50,
    retryMs: 5000,
    ticketMarginMs: 60_000,
    resumeFrom: options.resumeFrom,
  });
  const open = () => sources.filter((source) => source.readyState !== 2);
  return {
    hub,
    sources,
    open,
    fetchTicket,
    advance: async (ms: number) => {
      now += ms;
      await vi.advanceTimersByTimeAsync(ms);
    },
    setLoggedIn: (value: boolean) => {
      loggedIn = value;
    },
  };
}

const created = (topicId: number, forumId = 1, messageId = topicId + 1): LiveEvent => ({
  type: 'message.created',
  messageId,
  topicId,
  forumId,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('subscriptionQuery', () => {
  it('is the union of what the components ask for, in a stable order', () => {
    const query = subscriptionQuery([{ topic: 9 }, { forum: 2 }, { topic: 3, home: true }, { topic: 9 }]);
    expect(query?.toString()).toBe('topic=3%2C9&forum=2&home=1');
  });
  it('is null when nothing is wanted', () => {
    expect(subscriptionQuery([])).toBeNull();
    expect(subscriptionQuery([{ reports: false }])).toBeNull();
  });
});

describe('concerns', () => {
  it('sends a topic’s likes and edits to its page only, replies to the lists too', () => {
    const liked: LiveEvent = { type: 'message.liked', messageId: 5, topicId: 4, forumId: 1 };
    expect(concerns({ topic: 4 }, liked)).toBe(true);
    expect(concerns({ home: true }, liked)).toBe(false);
    expect(concerns({ forum: 1 }, created(4))).toBe(true);
    expect(concerns({ forum: 2 }, created(4))).toBe(false);
    expect(concerns({ topic: 7 }, created(4))).toBe(false);
  });
  it('sends a move to the forum left and the forum entered', () => {
    const moved: LiveEvent = { type: 'topic.moved', topicId: 4, forumId: 2, fromForumId: 1 };
    expect(concerns({ forum: 1 }, moved)).toBe(true);
    expect(concerns({ forum: 2 }, moved)).toBe(true);
    expect(concerns({ forum: 3 }, moved)).toBe(false);
  });
  it('gives every subscriber a resync', () => {
    expect(concerns({ forum: 3 }, { type: 'resync' })).toBe(true);
  });
});

describe('LiveHub', () => {
  it('opens one stream for all the components of a tab, after the changes settle', async () => {
    const { hub, sources, open } = setup();
    hub.subscribe({ topic: 4 }, () => {});
    hub.subscribe({ home: true }, () => {});
    expect(sources).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60);
    expect(sources).toHaveLength(1);
    expect(open()[0]?.url).toBe('/api/events?topic=4&home=1');
  });

  it('hands each event only to the components it concerns', async () => {
    const { hub, open } = setup();
    const topicHandler = vi.fn();
    const homeHandler = vi.fn();
    hub.subscribe({ topic: 4 }, topicHandler);
    hub.subscribe({ home: true }, homeHandler);
    await vi.advanceTimersByTimeAsync(60);
    const source = open()[0];
    source?.emit('message.liked', { type: 'message.liked', messageId: 6, topicId: 4, forumId: 1 });
    source?.emit('message.created', created(8));
    expect(topicHandler).toHaveBeenCalledTimes(1);
    expect(homeHandler).toHaveBeenCalledTimes(1);
    expect(homeHandler).toHaveBeenCalledWith(created(8));
  });

  it('reopens when the union changes, resuming after the last event seen', async () => {
    const { hub, sources, open } = setup();
    const stop = hub.subscribe({ topic: 4 }, () => {});
    await vi.advanceTimersByTimeAsync(60);
    open()[0]?.emit('message.created', created(4), 'boot-12');
    stop();
    hub.subscribe({ forum: 2 }, () => {});
    await vi.advanceTimersByTimeAsync(60);
    expect(sources).toHaveLength(2);
    expect(open()).toHaveLength(1);
    expect(open()[0]?.url).toBe('/api/events?forum=2&lastEventId=boot-12');
  });

  it('opens the first stream from the position the server-rendered page was read at', async () => {
    const { hub, open } = setup({ resumeFrom: 'boot-7' });
    hub.subscribe({ topic: 4 }, () => {});
    await vi.advanceTimersByTimeAsync(60);
    expect(open()[0]?.url).toBe('/api/events?topic=4&lastEventId=boot-7');
  });

  it('keeps the stream when the union stays the same, and closes it when nobody listens', async () => {
    const { hub, sources, open } = setup();
    const first = hub.subscribe({ topic: 4 }, () => {});
    await vi.advanceTimersByTimeAsync(60);
    const second = hub.subscribe({ topic: 4 }, () => {});
    await vi.advanceTimersByTimeAsync(60);
    expect(sources).toHaveLength(1);
    first();
    second();
    await vi.advanceTimersByTimeAsync(60);
    expect(open()).toHaveLength(0);
  });

  it('fetches a ticket first for the report queue, and none for guest streams', async () => {
    const { hub, open, fetchTicket } = setup();
    hub.subscribe({ topic: 4 }, () => {});
    await vi.advanceTimersByTimeAsync(60);
    expect(fetchTicket).not.toHaveBeenCalled();
    hub.subscribe({ reports: true }, () => {});
    await vi.advanceTimersByTimeAsync(60);
    expect(fetchTicket).toHaveBeenCalledTimes(1);
    expect(open()[0]?.url).toBe('/api/events?topic=4&reports=1&ticket=t1');
  });

  it('replaces the ticket before it expires and reopens with the last event id', async () => {
    const { hub, open, fetchTicket, advance } = setup();
    hub.subscribe({ reports: true }, () => {});
    await advance(60);
    open()[0]?.emit('report.created', { type: 'report.created', reportId: 1, messageId: 2 }, 'boot-3');
    await advance(600_000 - 60_000);
    expect(fetchTicket).toHaveBeenCalledTimes(2);
    expect(open()).toHaveLength(1);
    expect(open()[0]?.url).toBe('/api/events?reports=1&ticket=t2&lastEventId=boot-3');
  });

  it('gets a new ticket after the server refused the stream (401)', async () => {
    const { hub, open, fetchTicket, advance } = setup();
    hub.subscribe({ reports: true }, () => {});
    await advance(60);
    open()[0]?.refuse();
    expect(open()).toHaveLength(0);
    await advance(5000);
    expect(fetchTicket).toHaveBeenCalledTimes(2);
    expect(open()[0]?.url).toBe('/api/events?reports=1&ticket=t2');
  });

  it('streams only the public part when the ticket is refused (logged out elsewhere)', async () => {
    const { hub, open } = setup({
      ticket: async () => {
        throw new ApiError(401, 'unauthorized', ERRORS.unauthorized.message);
      },
    });
    hub.subscribe({ topic: 4, reports: true }, () => {});
    await vi.advanceTimersByTimeAsync(60);
    expect(open()[0]?.url).toBe('/api/events?topic=4');
  });

  it('drops the ticket and reopens as a guest after a logout', async () => {
    const { hub, open, fetchTicket, setLoggedIn } = setup();
    hub.subscribe({ topic: 4 }, () => {});
    hub.subscribe({ reports: true }, () => {});
    await vi.advanceTimersByTimeAsync(60);
    expect(open()[0]?.url).toContain('ticket=');
    setLoggedIn(false);
    hub.authChanged();
    expect(open()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60);
    expect(open()[0]?.url).toBe('/api/events?topic=4');
    expect(fetchTicket).toHaveBeenCalledTimes(1);
  });

  it('passes resync to every component and ignores events from a closed stream', async () => {
    const { hub, sources } = setup();
    const handler = vi.fn();
    const stop = hub.subscribe({ topic: 4 }, handler);
    await vi.advanceTimersByTimeAsync(60);
    sources[0]?.emit('resync', { type: 'resync' });
    expect(handler).toHaveBeenCalledWith({ type: 'resync' });
    stop();
    hub.subscribe({ topic: 5 }, handler);
    await vi.advanceTimersByTimeAsync(60);
    sources[0]?.emit('message.created', created(5));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
