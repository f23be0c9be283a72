import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ForumEvent } from '../../../shared/schemas/events';
import { concerns, EventStreams, type StreamSink, type Subscription } from './event-streams';

class FakeSink implements StreamSink {
  chunks: string[] = [];
  ended = false;
  destroyed = false;
  /** What the client has not read yet, as Node counts it. */
  writableLength = 0;
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  end(chunk?: string) {
    if (chunk) this.chunks.push(chunk);
    this.ended = true;
  }
  destroy() {
    this.destroyed = true;
  }
  get text() {
    return this.chunks.join('');
  }
}

const watching = (overrides: Partial<Subscription> = {}): Subscription => ({
  topics: new Set(),
  forums: new Set(),
  home: false,
  reports: false,
  notificationsFor: null,
  ...overrides,
});

const reply: ForumEvent = { type: 'message.created', messageId: 11, topicId: 10, forumId: 2 };

describe('EventStreams', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops a stream that reads too slowly instead of buffering for it', () => {
    const streams = new EventStreams({ max: 10, perAddress: 10, maxBufferedBytes: 1000 });
    const slow = new FakeSink();
    const fast = new FakeSink();
    streams.open(slow, { address: 'a', subscription: watching({ home: true }), sessionId: null });
    streams.open(fast, { address: 'b', subscription: watching({ home: true }), sessionId: null });
    streams.handle({ kind: 'event', event: reply });
    slow.writableLength = 1001;
    streams.handle({ kind: 'event', event: reply });
    expect(slow.destroyed).toBe(true);
    expect(streams.size).toBe(1);
    expect(streams.dropped).toBe(1);
    expect(fast.text.match(/event: message.created/g)).toHaveLength(2);
    streams.closeAll();
  });

  it('sends a heartbeat comment to every stream on its interval', () => {
    vi.useFakeTimers();
    const streams = new EventStreams({ max: 10, perAddress: 10, heartbeatMs: 25_000 });
    const sink = new FakeSink();
    streams.open(sink, { address: 'a', subscription: watching({ topics: new Set([1]) }), sessionId: null });
    vi.advanceTimersByTime(25_000);
    expect(sink.chunks.at(-1)).toBe(':\n\n');
    streams.closeAll();
  });

  it('ends every stream at shutdown with a retry delay, and refuses events afterwards', () => {
    const streams = new EventStreams({ max: 10, perAddress: 10, retryMs: 3000 });
    const sink = new FakeSink();
    streams.open(sink, { address: 'a', subscription: watching({ home: true }), sessionId: null });
    streams.closeAll();
    expect(sink.ended).toBe(true);
    expect(sink.chunks.at(-1)).toMatch(/^retry: \d+\n\n$/);
    expect(streams.size).toBe(0);
  });

  it('counts the limits per process and per address, and frees a slot on close', () => {
    const streams = new EventStreams({ max: 3, perAddress: 2 });
    const close = streams.open(new FakeSink(), { address: 'a', subscription: watching(), sessionId: null });
    streams.open(new FakeSink(), { address: 'a', subscription: watching(), sessionId: null });
    expect(streams.admit('a')).toBe('address-full');
    expect(streams.admit('b')).toBe('ok');
    streams.open(new FakeSink(), { address: 'b', subscription: watching(), sessionId: null });
    expect(streams.admit('c')).toBe('process-full');
    close();
    expect(streams.admit('a')).toBe('ok');
    streams.closeAll();
  });

  it('resyncs a resume older than the replay window', () => {
    let now = 1_000_000;
    const streams = new EventStreams({ max: 10, perAddress: 10, replayMs: 60_000, replaySize: 3 }, () => now);
    const first = new FakeSink();
    streams.open(first, { address: 'a', subscription: watching({ home: true }), sessionId: null });
    streams.handle({ kind: 'event', event: reply });
    const lastId = /id: (\S+)\nevent: message.created/.exec(first.text)?.[1] ?? '';
    streams.handle({ kind: 'event', event: reply });

    const recent = new FakeSink();
    streams.open(recent, {
      address: 'a',
      subscription: watching({ home: true }),
      sessionId: null,
      lastEventId: lastId,
    });
    expect(recent.text).toMatch(/event: message.created/);

    now += 61_000;
    streams.handle({ kind: 'event', event: reply });
    const late = new FakeSink();
    streams.open(late, {
      address: 'a',
      subscription: watching({ home: true }),
      sessionId: null,
      lastEventId: lastId,
    });
    expect(late.text).toMatch(/event: resync\ndata: {"type":"resync"}/);

    // More events than the window holds: the oldest are gone, so the resume cannot be complete.
    for (let i = 0; i < 4; i += 1) streams.handle({ kind: 'event', event: reply });
    const behind = new FakeSink();
    const id = /id: (\S+)/.exec(late.text)?.[1] ?? '';
    streams.open(behind, {
      address: 'a',
      subscription: watching({ home: true }),
      sessionId: null,
      lastEventId: id,
    });
    expect(behind.text).toMatch(/event: resync/);
    streams.closeAll();
  });

  it('tells every stream to resync when the bus may have lost events', () => {
    const streams = new EventStreams({ max: 10, perAddress: 10 });
    const sinks = [new FakeSink(), new FakeSink()];
    streams.open(sinks[0] as FakeSink, {
      address: 'a',
      subscription: watching({ topics: new Set([1]) }),
      sessionId: null,
    });
    streams.open(sinks[1] as FakeSink, {
      address: 'a',
      subscription: watching({ reports: true }),
      sessionId: 3,
    });
    streams.handle({ kind: 'resync', reason: 'listener reconnected' });
    for (const sink of sinks) expect(sink.text).toMatch(/event: resync/);
    streams.closeAll();
  });
});

describe('concerns', () => {
  const topicPage = watching({ topics: new Set([10]) });
  const forumList = watching({ forums: new Set([2]) });
  const home = watching({ home: true });

  it.each<[string, ForumEvent, boolean, boolean, boolean]>([
    ['a reply', reply, true, true, true],
    ['a like', { type: 'message.liked', messageId: 11, topicId: 10, forumId: 2 }, true, false, false],
    ['a reply edit', { type: 'message.updated', messageId: 11, topicId: 10, forumId: 2 }, true, false, false],
    [
      'a main message edit',
      { type: 'message.updated', messageId: 10, topicId: 10, forumId: 2 },
      true,
      true,
      true,
    ],
    [
      'a move out of the forum',
      { type: 'topic.moved', topicId: 10, forumId: 5, fromForumId: 2 },
      true,
      true,
      true,
    ],
    ['another forum’s topic', { type: 'topic.created', topicId: 12, forumId: 3 }, false, false, true],
    ['a report', { type: 'report.created', reportId: 1, messageId: 11 }, false, false, false],
    ['a notification', { type: 'notification.created', userId: 1, notificationId: 1 }, false, false, false],
    ['a logout', { type: 'session.revoked', sessionId: 1 }, false, false, false],
  ])('%s: topic page %s, forum list %s, home %s', (_what, event, topic, forum, onHome) => {
    expect([concerns(topicPage, event), concerns(forumList, event), concerns(home, event)]).toEqual([
      topic,
      forum,
      onHome,
    ]);
  });
});
