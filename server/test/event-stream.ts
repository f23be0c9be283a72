import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Listens on 127.0.0.1 in the 3500–3599 range (the ports set aside for these tests). */
export async function listenForTests(app: FastifyInstance): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = 3500 + ((process.pid * 7 + attempt * 13 + Math.floor(Math.random() * 100)) % 100);
    try {
      await app.listen({ port, host: '127.0.0.1' });
      return `http://127.0.0.1:${port}`;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('no free port in 3500–3599');
}

export interface ReceivedEvent {
  id?: string;
  event: string;
  data: string;
}

/** An open GET /api/events as a browser's EventSource sees it: its status, headers and events. */
export interface TestEventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ReceivedEvent[];
  /** Raw text received, comments and retry lines included. */
  text: () => string;
  ended: Promise<void>;
  waitFor: (predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number) => Promise<ReceivedEvent>;
  waitForText: (part: string, timeoutMs?: number) => Promise<void>;
  close: () => void;
}

export function openEventStream(
  baseUrl: string,
  query: string,
  headers: Record<string, string> = {},
): Promise<TestEventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events?${query}`, { headers, agent: false }, (response) => {
      response.setEncoding('utf8');
      let text = '';
      let pending = '';
      const events: ReceivedEvent[] = [];
      const waiters = new Set<() => void>();
      response.on('data', (chunk: string) => {
        text += chunk;
        pending += chunk;
        let end = pending.indexOf('\n\n');
        while (end !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (fields.data !== undefined)
            events.push({ id: fields.id, event: fields.event ?? 'message', data: fields.data });
          end = pending.indexOf('\n\n');
        }
        for (const waiter of waiters) waiter();
      });
      const ended = new Promise<void>((done) => {
        response.on('close', () => {
          for (const waiter of waiters) waiter();
          done();
        });
      });
      const waitUntil = (check: () => boolean, what: string, timeoutMs: number) =>
        new Promise<void>((done, fail) => {
          if (check()) return done();
          const timer = setTimeout(() => {
            waiters.delete(waiter);
            fail(new Error(`timed out waiting for ${what}; received: ${text}`));
          }, timeoutMs);
          const waiter = () => {
            if (!check()) return;
            clearTimeout(timer);
            waiters.delete(waiter);
            done();
          };
          waiters.add(waiter);
        });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        text: () => text,
        ended,
        waitFor: async (predicate, timeoutMs = 5_000) => {
          await waitUntil(() => events.some(predicate), 'an event', timeoutMs);
          const found = events.find(predicate);
          if (!found) throw new Error('unreachable');
          return found;
        },
        waitForText: (part, timeoutMs = 5_000) => waitUntil(() => text.includes(part), part, timeoutMs),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
