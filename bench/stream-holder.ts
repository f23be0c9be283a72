import http from 'node:http';

/**
 * The streams bench's idle streams, held in a process of their own (forked by bench/streams.ts), so
 * that the thousands of sockets and their events are not read by the process that also drives
 * autocannon: the read figures then measure the server, not the bench client sharing an event loop.
 * Times are absolute (`performance.timeOrigin + now()`) so the parent can compare them with its own.
 */

export type HolderCommand =
  | { type: 'open'; ports: number[]; perInstance: number; topicIds: number[] }
  /** From now on, every stream that sees a reply fetches its topic's latest page, as the app does. */
  | { type: 'refetch' }
  | { type: 'wait'; messageId: number; expected: number; timeoutMs: number }
  | { type: 'close' };

export type HolderReport =
  | { type: 'opened'; seconds: number; watchers: [topicId: number, streams: number][] }
  | {
      type: 'arrived';
      messageId: number;
      count: number;
      lastAt: number;
      /** With `refetch`: the streams whose fetch of the topic came back, and when the last did. */
      refreshed: number;
      refreshedAt: number;
      /** Fetches whose answer did not hold the reply: a stale answer from the guest cache. */
      stale: number;
    }
  | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const send = (report: HolderReport) => process.send?.(report);

const requests: http.ClientRequest[] = [];
interface Arrival {
  count: number;
  lastAt: number;
  refreshed: number;
  refreshedAt: number;
  stale: number;
}
/** How many streams have seen each message, and when the last one did. */
const arrivals = new Map<number, Arrival>();
const waiting = new Map<number, { expected: number; timer: NodeJS.Timeout }>();
let refetching = false;
/** Each reader's own connection, kept alive between its fetches, as a browser's is. */
const readerAgent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

const noArrival = (lastAt: number): Arrival => ({ count: 0, lastAt, refreshed: 0, refreshedAt: 0, stale: 0 });

const arrivalOf = (messageId: number) => {
  let entry = arrivals.get(messageId);
  if (!entry) {
    entry = noArrival(0);
    arrivals.set(messageId, entry);
  }
  return entry;
};

function settle(messageId: number) {
  const wait = waiting.get(messageId);
  if (!wait) return;
  const entry = arrivals.get(messageId) ?? noArrival(now());
  clearTimeout(wait.timer);
  waiting.delete(messageId);
  arrivals.delete(messageId);
  send({ type: 'arrived', messageId, ...entry });
}

function settleWhenDone(messageId: number) {
  const entry = arrivals.get(messageId);
  const expected = waiting.get(messageId)?.expected ?? Number.POSITIVE_INFINITY;
  if (entry && entry.count >= expected && (!refetching || entry.refreshed >= expected)) settle(messageId);
}

/** A reader's fetch of its topic's latest page after a reply's event (useTopicLive). */
function refetch(port: number, topicId: number, messageId: number) {
  http
    .get({ host: '127.0.0.1', port, path: `/api/topic/${topicId}`, agent: readerAgent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        const entry = arrivalOf(messageId);
        entry.refreshed += 1;
        entry.refreshedAt = now();
        if (response.statusCode !== 200 || !body.includes(`{"id":${messageId},"topicId":${topicId},`))
          entry.stale += 1;
        settleWhenDone(messageId);
      });
    })
    .on('error', (error) => {
      console.error(error);
      process.exit(1);
    });
}

function onEvent(port: number, topicId: number, messageId: number) {
  const entry = arrivalOf(messageId);
  entry.count += 1;
  entry.lastAt = now();
  if (refetching) refetch(port, topicId, messageId);
  settleWhenDone(messageId);
}

function openStream(port: number, topicId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: `/api/events?topic=${topicId}`, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          for (const match of chunk.matchAll(/event: message\.created\ndata: \{[^\n]*"messageId":(\d+)/g)) {
            onEvent(port, topicId, Number(match[1]));
          }
        });
        requests.push(request);
        resolve();
      },
    );
    request.on('error', reject);
  });
}

async function open(ports: number[], perInstance: number, topicIds: number[]) {
  const started = now();
  const watchers = new Map<number, number>();
  for (const port of ports) {
    for (let i = 0; i < perInstance; i += 50) {
      const batch = Array.from({ length: Math.min(50, perInstance - i) }, (_, j) => {
        const topicId = topicIds[(i + j) % topicIds.length] ?? 0;
        watchers.set(topicId, (watchers.get(topicId) ?? 0) + 1);
        return openStream(port, topicId);
      });
      await Promise.all(batch);
    }
  }
  send({ type: 'opened', seconds: (now() - started) / 1000, watchers: [...watchers] });
}

process.on('message', (command: HolderCommand) => {
  switch (command.type) {
    case 'open':
      open(command.ports, command.perInstance, command.topicIds).catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
      break;
    case 'refetch':
      refetching = true;
      break;
    case 'wait': {
      const timer = setTimeout(() => settle(command.messageId), command.timeoutMs);
      waiting.set(command.messageId, { expected: command.expected, timer });
      settleWhenDone(command.messageId);
      break;
    }
    case 'close':
      for (const request of requests.splice(0)) request.destroy();
      refetching = false;
      readerAgent.destroy();
      send({ type: 'closed' });
      break;
  }
});
process.on('disconnect', () => process.exit(0));
