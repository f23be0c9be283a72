import http from 'node:http';

/**
 * The streams bench's idle streams, held in a process of their own (forked by bench/streams.ts), so
 * that the thousands of sockets and their events are not read by the process that also drives
 * autocannon: the read figures then measure the server, not the bench client sharing an event loop.
 * Times are absolute (`performance.timeOrigin + now()`) so the parent can compare them with its own.
 */

export type HolderCommand =
  | { type: 'open'; ports: number[]; perInstance: number; topicIds: number[] }
  | { type: 'wait'; messageId: number; expected: number; timeoutMs: number }
  | { type: 'close' };

export type HolderReport =
  | { type: 'opened'; seconds: number; watchers: [topicId: number, streams: number][] }
  | { type: 'arrived'; messageId: number; count: number; lastAt: number }
  | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const send = (report: HolderReport) => process.send?.(report);

const requests: http.ClientRequest[] = [];
/** How many streams have seen each message, and when the last one did. */
const arrivals = new Map<number, { count: number; lastAt: number }>();
const waiting = new Map<number, { expected: number; timer: NodeJS.Timeout }>();

function settle(messageId: number) {
  const wait = waiting.get(messageId);
  if (!wait) return;
  const entry = arrivals.get(messageId) ?? { count: 0, lastAt: now() };
  clearTimeout(wait.timer);
  waiting.delete(messageId);
  arrivals.delete(messageId);
  send({ type: 'arrived', messageId, count: entry.count, lastAt: entry.lastAt });
}

function onEvent(messageId: number) {
  const entry = arrivals.get(messageId) ?? { count: 0, lastAt: 0 };
  entry.count += 1;
  entry.lastAt = now();
  arrivals.set(messageId, entry);
  if (entry.count >= (waiting.get(messageId)?.expected ?? Number.POSITIVE_INFINITY)) settle(messageId);
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
            onEvent(Number(match[1]));
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
    case 'wait': {
      const timer = setTimeout(() => settle(command.messageId), command.timeoutMs);
      waiting.set(command.messageId, { expected: command.expected, timer });
      if ((arrivals.get(command.messageId)?.count ?? 0) >= command.expected) settle(command.messageId);
      break;
    }
    case 'close':
      for (const request of requests.splice(0)) request.destroy();
      send({ type: 'closed' });
      break;
  }
});
process.on('disconnect', () => process.exit(0));
