import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type autocannon from 'autocannon';
import { connectDatabase } from '../server/db/connect';
import { hashToken } from '../server/plugins/auth';
import type { DatabaseTarget } from './generate';

/**
 * `npm run bench -- --streams`: the live-update targets. Opens 2,000 GET /api/events streams per
 * instance (one instance on SQLite, two on one PostgreSQL database), and measures:
 * - memory per stream: the server's resident memory with the streams open, less without, per stream;
 * - fan-out: from a reply's answer (and from its request) until its event reached every stream
 *   watching the topic, on every instance; p50/p99/max over the replies;
 * - the read endpoints' throughput with no stream and with the 2,000 idle streams open.
 */

export interface StreamsBenchDeps {
  target: DatabaseTarget;
  /** Environment that points a server at the dataset. */
  env: Record<string, string>;
  start: (env: Record<string, string>, port: number) => Promise<ChildProcess>;
  stop: (child: ChildProcess) => Promise<void>;
  load: (port: number, paths: string[], seconds: number) => Promise<autocannon.Result>;
  /** CPU time a process has used so far, in ms (bench/run.ts reads it from /proc). */
  cpuMs: (pid: number | undefined) => number;
  seconds: number;
  streamsPerInstance?: number;
  replies?: number;
}

/** Servers started here listen on these ports (the range set aside for this work). */
const FIRST_PORT = 3550;
/** How many topics the streams are spread over; each reply goes to one of them. */
const WATCHED_TOPICS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

interface OpenStream {
  request: http.ClientRequest;
  topicId: number;
}

/** Opens one stream and calls `onEvent` with each message id it is told about. */
function openStream(
  port: number,
  topicId: number,
  onEvent: (messageId: number) => void,
): Promise<OpenStream> {
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
        resolve({ request, topicId });
      },
    );
    request.on('error', reject);
  });
}

/**
 * Throughput of the home and topic reads, and the server's CPU time per request. Throughput moves
 * with whatever else a shared machine runs; the CPU a request costs the server barely does, so it
 * is the figure that shows whether idle streams slow reads down.
 */
async function readThroughput(
  deps: StreamsBenchDeps,
  port: number,
  pid: number | undefined,
  topicIds: number[],
) {
  const endpoints = {
    home: ['/api/home'],
    topic: topicIds.map((id) => `/api/topic/${id}`),
  };
  const perSecond: Record<string, number> = {};
  const cpuMsPerRequest: Record<string, number> = {};
  for (const [name, paths] of Object.entries(endpoints)) {
    await deps.load(port, paths, 3);
    const cpuBefore = deps.cpuMs(pid);
    const measured = await deps.load(port, paths, deps.seconds);
    perSecond[name] = Math.round(measured.requests.average);
    cpuMsPerRequest[name] = round((deps.cpuMs(pid) - cpuBefore) / Math.max(1, measured.requests.total), 3);
  }
  return { perSecond, cpuMsPerRequest };
}

/** Per read: the figure with idle streams against the mean of the runs before and after, in per cent. */
function changePercent(
  before: Record<string, number>,
  withStreams: Record<string, number>,
  after: Record<string, number>,
) {
  return Object.fromEntries(
    Object.entries(before).map(([name, value]) => {
      const without = (value + (after[name] ?? value)) / 2;
      return [name, round((100 * ((withStreams[name] ?? 0) - without)) / without)];
    }),
  );
}

export async function runStreamsBench(deps: StreamsBenchDeps) {
  const perInstance = deps.streamsPerInstance ?? 2000;
  const replies = deps.replies ?? 200;
  const instances = deps.target.kind === 'postgres' ? 2 : 1;
  console.log(
    `\n== live-update streams on ${deps.target.kind}: ${instances} instance(s), ${perInstance} streams each`,
  );

  const db = connectDatabase(deps.target);
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('sessions')
    .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, expires_at: now + 86_400_000 })
    .execute();
  const topics = await db.selectFrom('topics').select('id').orderBy('timestamp', 'desc').limit(60).execute();
  await db.destroy();
  // Streams watch the first topics; reads go to others, so the idle streams see no event then.
  const watched = topics.slice(0, WATCHED_TOPICS).map((topic) => topic.id);
  const readTopics = topics.slice(WATCHED_TOPICS).map((topic) => topic.id);

  const env = {
    ...deps.env,
    LOG_LEVEL: 'warn',
    EVENT_STREAMS_MAX: String(perInstance + 100),
    EVENT_STREAMS_PER_ADDRESS: String(perInstance + 100),
  };
  const ports = Array.from({ length: instances }, (_, index) => FIRST_PORT + index);
  const servers: ChildProcess[] = [];
  const open: OpenStream[] = [];
  try {
    for (const port of ports) servers.push(await deps.start(env, port));
    const [writerPort = FIRST_PORT] = ports;
    await sleep(1000);
    const rssBefore = servers.map((server) => rssMb(server.pid));
    // A fresh server's first reads run cold code: one discarded round first, so 'before' is warm too.
    console.log('warming up the reads…');
    await readThroughput(deps, writerPort, servers[0]?.pid, readTopics);
    console.log('reads with no stream open…');
    const readsBefore = await readThroughput(deps, writerPort, servers[0]?.pid, readTopics);

    // How many streams have seen each message, and when the last one did.
    const arrivals = new Map<number, { count: number; last: number }>();
    const onEvent = (messageId: number) => {
      const entry = arrivals.get(messageId) ?? { count: 0, last: 0 };
      entry.count += 1;
      entry.last = performance.now();
      arrivals.set(messageId, entry);
    };
    console.log(`opening ${perInstance * instances} streams…`);
    const openStarted = performance.now();
    for (const port of ports) {
      for (let i = 0; i < perInstance; i += 50) {
        const batch = Array.from({ length: Math.min(50, perInstance - i) }, (_, j) =>
          openStream(port, watched[(i + j) % watched.length] ?? 0, onEvent),
        );
        open.push(...(await Promise.all(batch)));
      }
    }
    const openSeconds = round((performance.now() - openStarted) / 1000);
    await sleep(2000);
    const rssWith = servers.map((server) => rssMb(server.pid));
    const kbPerStream = rssWith.map((rss, index) =>
      round(((rss - (rssBefore[index] ?? 0)) * 1024) / perInstance),
    );
    console.log(
      `memory per stream: ${kbPerStream.join(', ')} KB (RSS ${rssBefore.map((v) => round(v))} → ${rssWith.map((v) => round(v))} MB)`,
    );

    console.log('reads with the streams open and idle…');
    const readsWith = await readThroughput(deps, writerPort, servers[0]?.pid, readTopics);

    console.log(`${replies} replies, each to a watched topic…`);
    const watchers = new Map<number, number>();
    for (const stream of open) watchers.set(stream.topicId, (watchers.get(stream.topicId) ?? 0) + 1);
    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    let timeouts = 0;
    for (let i = 0; i < replies; i += 1) {
      const topicId = watched[i % watched.length] ?? 0;
      const sent = performance.now();
      const response = await fetch(`http://127.0.0.1:${writerPort}/api/message`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          cookie: 'XSRF-TOKEN=x',
          'x-xsrf-token': 'x',
        },
        body: JSON.stringify({ topicId, content: `<p>תגובה חיה ${i}</p>` }),
      });
      const answered = performance.now();
      if (!response.ok)
        throw new Error(`POST /api/message answered ${response.status}: ${await response.text()}`);
      const { id } = (await response.json()) as { id: number };
      // On the writing instance the events leave before the answer, so some may already be here.
      const expected = watchers.get(topicId) ?? 0;
      const deadline = performance.now() + 2000;
      while ((arrivals.get(id)?.count ?? 0) < expected && performance.now() < deadline) await sleep(1);
      const entry = arrivals.get(id) ?? { count: 0, last: performance.now() };
      arrivals.delete(id);
      if (entry.count < expected) timeouts += 1;
      fromAnswer.push(Math.max(0, entry.last - answered));
      fromRequest.push(entry.last - sent);
      await sleep(20);
    }

    // The machine may be busy with other work: measure the reads without streams again after them.
    for (const stream of open.splice(0)) stream.request.destroy();
    await sleep(2000);
    console.log('reads with the streams closed again…');
    const readsAfter = await readThroughput(deps, writerPort, servers[0]?.pid, readTopics);

    const result = {
      database: deps.target.kind,
      loadAverage: os.loadavg().map((value) => round(value, 2)),
      instances,
      streamsPerInstance: perInstance,
      openSeconds,
      kbPerStream,
      rssMb: { before: rssBefore.map((v) => round(v)), withStreams: rssWith.map((v) => round(v)) },
      fanOutMs: {
        watchersPerReply: Math.round((perInstance * instances) / watched.length),
        fromAnswer: {
          p50: round(percentile(fromAnswer, 50)),
          p99: round(percentile(fromAnswer, 99)),
          max: round(Math.max(...fromAnswer)),
        },
        fromRequest: {
          p50: round(percentile(fromRequest, 50)),
          p99: round(percentile(fromRequest, 99)),
          max: round(Math.max(...fromRequest)),
        },
        timeouts,
      },
      readsPerSecond: {
        before: readsBefore.perSecond,
        idleStreams: readsWith.perSecond,
        after: readsAfter.perSecond,
      },
      /** Idle streams against the mean of the runs before and after, in per cent. */
      readChangePercent: changePercent(readsBefore.perSecond, readsWith.perSecond, readsAfter.perSecond),
      /** The writing instance's CPU time per read: what idle streams add to a read's cost. */
      readCpuMsPerRequest: {
        before: readsBefore.cpuMsPerRequest,
        idleStreams: readsWith.cpuMsPerRequest,
        after: readsAfter.cpuMsPerRequest,
      },
      readCpuChangePercent: changePercent(
        readsBefore.cpuMsPerRequest,
        readsWith.cpuMsPerRequest,
        readsAfter.cpuMsPerRequest,
      ),
    };
    console.log(JSON.stringify(result, null, 2));
    return result;
  } finally {
    for (const stream of open) stream.request.destroy();
    for (const server of servers) await deps.stop(server);
  }
}
