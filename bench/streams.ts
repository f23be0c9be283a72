import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { connectDatabase } from '../server/db/connect';
import { hashToken } from '../server/plugins/auth';
import type { DatabaseTarget } from './generate';
import type { HolderCommand, HolderReport } from './stream-holder';

/**
 * `npm run bench -- --streams`: the live-update targets. Opens 2,000 GET /api/events streams per
 * instance (one instance on SQLite, two on one PostgreSQL database), and measures:
 * - memory per stream: the server's resident memory with the streams open, less without, per stream;
 * - fan-out: from a reply's answer (and from its request) until its event reached every stream
 *   watching the topic, on every instance; p50/p99/max over the replies;
 * - the read endpoints' throughput with no stream and with the 2,000 idle streams open.
 * The streams are held by a process of their own (bench/stream-holder.ts), apart from autocannon.
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
/** Rounds of reads with and without the idle streams (one more without, at the end). */
const READ_ROUNDS = 3;

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
const round1 = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

type Report<T extends HolderReport['type']> = Extract<HolderReport, { type: T }>;

/** The process that holds the idle streams (bench/stream-holder.ts), and a way to await its reports. */
function startStreamHolder() {
  const child = fork(fileURLToPath(new URL('./stream-holder.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends HolderReport['type']>(type: T) =>
    new Promise<Report<T>>((resolve, reject) => {
      const onMessage = (report: HolderReport) => {
        if (report.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(report as Report<T>);
      };
      const onExit = (code: number | null) => reject(new Error(`the stream holder exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return {
    ask<T extends HolderReport['type']>(command: HolderCommand, answer: T): Promise<Report<T>> {
      const reply = next(answer);
      child.send(command);
      return reply;
    },
    tell: (command: HolderCommand) => child.send(command),
    stop: () => child.kill(),
  };
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
    cpuMsPerRequest[name] = round1((deps.cpuMs(pid) - cpuBefore) / Math.max(1, measured.requests.total), 3);
  }
  return { perSecond, cpuMsPerRequest };
}

type ReadFigures = Awaited<ReturnType<typeof readThroughput>>;

/** Per read, the median of each round's figure. */
function median(rounds: Record<string, number>[]): Record<string, number> {
  const names = Object.keys(rounds[0] ?? {});
  return Object.fromEntries(
    names.map((name) => [
      name,
      percentile(
        rounds.map((r) => r[name] ?? 0),
        50,
      ),
    ]),
  );
}

/** Per read: the median with idle streams against the median without, in per cent. */
function changePercent(without: Record<string, number>[], withStreams: Record<string, number>[]) {
  const base = median(without);
  const streams = median(withStreams);
  return Object.fromEntries(
    Object.entries(base).map(([name, value]) => [
      name,
      round1((100 * ((streams[name] ?? 0) - value)) / value),
    ]),
  );
}

/**
 * Posts replies to the watched topics one by one and times each until its event reached every
 * stream watching that topic: from the reply's answer, and from its request.
 */
async function measureFanOut(
  holder: ReturnType<typeof startStreamHolder>,
  writerPort: number,
  token: string,
  watched: number[],
  watchers: Map<number, number>,
  replies: number,
  refetching = false,
) {
  const fromAnswer: number[] = [];
  const fromRequest: number[] = [];
  /** With the holder refetching: from the reply's answer until every watcher had fetched the topic. */
  const refreshedFromAnswer: number[] = [];
  let stale = 0;
  let timeouts = 0;
  for (let i = 0; i < replies; i += 1) {
    const topicId = watched[i % watched.length] ?? 0;
    const sent = performance.timeOrigin + performance.now();
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
    const answered = performance.timeOrigin + performance.now();
    if (!response.ok)
      throw new Error(`POST /api/message answered ${response.status}: ${await response.text()}`);
    const { id } = (await response.json()) as { id: number };
    // On the writing instance the events leave before the answer, so some may already be there.
    const expected = watchers.get(topicId) ?? 0;
    const entry = await holder.ask({ type: 'wait', messageId: id, expected, timeoutMs: 2000 }, 'arrived');
    if (entry.count < expected) timeouts += 1;
    fromAnswer.push(Math.max(0, entry.lastAt - answered));
    fromRequest.push(entry.lastAt - sent);
    if (refetching) {
      if (entry.refreshed < expected) timeouts += 1;
      refreshedFromAnswer.push(Math.max(0, entry.refreshedAt - answered));
      stale += entry.stale;
    }
    await sleep(20);
  }
  return { fromAnswer, fromRequest, refreshedFromAnswer, stale, timeouts };
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
  const holder = startStreamHolder();
  try {
    for (const port of ports) servers.push(await deps.start(env, port));
    const [writerPort = FIRST_PORT] = ports;
    await sleep(1000);
    // A fresh server's first reads run cold code: one discarded round first, so 'before' is warm too.
    console.log('warming up the reads…');
    await readThroughput(deps, writerPort, servers[0]?.pid, readTopics);
    // Reads without and with the idle streams, alternating (A B A B … A): one pair on a shared
    // machine can differ by more than the 5 % looked for, the median of each side much less.
    const readsWithout: ReadFigures[] = [];
    const readsWith: ReadFigures[] = [];
    let rssBefore: number[] = [];
    let rssWith: number[] = [];
    let kbPerStream: number[] = [];
    let openSeconds = 0;
    let fanOut: Awaited<ReturnType<typeof measureFanOut>> | null = null;
    let refreshed: { fanOut: Awaited<ReturnType<typeof measureFanOut>>; cpuMsPerReply: number } | null = null;
    for (let round = 1; round <= READ_ROUNDS; round += 1) {
      console.log(`round ${round}/${READ_ROUNDS}: reads with no stream open…`);
      readsWithout.push(await readThroughput(deps, writerPort, servers[0]?.pid, readTopics));
      // Memory is compared after the reads, so both samples come from a warm heap of the same age.
      await sleep(2000);
      if (round === 1) rssBefore = servers.map((server) => rssMb(server.pid));

      console.log(`opening ${perInstance * instances} streams in their own process…`);
      const opened = await holder.ask({ type: 'open', ports, perInstance, topicIds: watched }, 'opened');
      await sleep(2000);
      if (round === 1) {
        openSeconds = round1(opened.seconds);
        rssWith = servers.map((server) => rssMb(server.pid));
        kbPerStream = rssWith.map((rss, index) =>
          round1(((rss - (rssBefore[index] ?? 0)) * 1024) / perInstance),
        );
        console.log(
          `memory per stream: ${kbPerStream.join(', ')} KB (RSS ${rssBefore.map((v) => round1(v))} → ${rssWith.map((v) => round1(v))} MB)`,
        );
      }
      console.log('reads with the streams open and idle…');
      readsWith.push(await readThroughput(deps, writerPort, servers[0]?.pid, readTopics));
      if (round === 1) {
        console.log(`${replies} replies, each to a watched topic…`);
        fanOut = await measureFanOut(holder, writerPort, token, watched, new Map(opened.watchers), replies);
        // Then as the app's readers do: each watcher fetches the topic's latest page on the event
        // (useTopicLive), all at once, from the guest cache the reply has just emptied of it.
        console.log(`${replies} more replies, every watcher fetching the topic on its event…`);
        holder.tell({ type: 'refetch' });
        const cpuBefore = servers.map((server) => deps.cpuMs(server.pid));
        const refetched = await measureFanOut(
          holder,
          writerPort,
          token,
          watched,
          new Map(opened.watchers),
          replies,
          true,
        );
        const cpuMs = servers.reduce(
          (sum, server, index) => sum + deps.cpuMs(server.pid) - (cpuBefore[index] ?? 0),
          0,
        );
        refreshed = { fanOut: refetched, cpuMsPerReply: round1(cpuMs / replies, 2) };
      }
      await holder.ask({ type: 'close' }, 'closed');
      await sleep(2000);
    }
    console.log('reads with the streams closed, last round…');
    readsWithout.push(await readThroughput(deps, writerPort, servers[0]?.pid, readTopics));
    if (!fanOut || !refreshed) throw new Error('the fan-out was not measured');
    const { fromAnswer, fromRequest, timeouts } = fanOut;
    const readersRefreshed = refreshed.fanOut.refreshedFromAnswer;

    const result = {
      database: deps.target.kind,
      loadAverage: os.loadavg().map((value) => round1(value, 2)),
      instances,
      streamsPerInstance: perInstance,
      openSeconds,
      kbPerStream,
      rssMb: { before: rssBefore.map((v) => round1(v)), withStreams: rssWith.map((v) => round1(v)) },
      fanOutMs: {
        watchersPerReply: Math.round((perInstance * instances) / watched.length),
        fromAnswer: {
          p50: round1(percentile(fromAnswer, 50)),
          p99: round1(percentile(fromAnswer, 99)),
          max: round1(Math.max(...fromAnswer)),
        },
        fromRequest: {
          p50: round1(percentile(fromRequest, 50)),
          p99: round1(percentile(fromRequest, 99)),
          max: round1(Math.max(...fromRequest)),
        },
        timeouts,
      },
      /**
       * The same with every watcher fetching the topic on the event, as the app does: from the
       * reply's answer until the last reader had the topic with the reply; fetches that came back
       * without it (none is right); the servers' CPU time per reply, its readers' fetches included.
       */
      readersRefreshedMs: {
        p50: round1(percentile(readersRefreshed, 50)),
        p99: round1(percentile(readersRefreshed, 99)),
        max: round1(Math.max(...readersRefreshed)),
        staleFetches: refreshed.fanOut.stale,
        timeouts: refreshed.fanOut.timeouts,
        cpuMsPerReply: refreshed.cpuMsPerReply,
      },
      readRounds: READ_ROUNDS,
      readsPerSecond: {
        withoutStreams: median(readsWithout.map((reads) => reads.perSecond)),
        idleStreams: median(readsWith.map((reads) => reads.perSecond)),
        everyRound: {
          withoutStreams: readsWithout.map((r) => r.perSecond),
          idleStreams: readsWith.map((r) => r.perSecond),
        },
      },
      /** The median with idle streams against the median without, in per cent. */
      readChangePercent: changePercent(
        readsWithout.map((r) => r.perSecond),
        readsWith.map((r) => r.perSecond),
      ),
      /** The writing instance's CPU time per read: what idle streams add to a read's cost. */
      readCpuMsPerRequest: {
        withoutStreams: median(readsWithout.map((reads) => reads.cpuMsPerRequest)),
        idleStreams: median(readsWith.map((reads) => reads.cpuMsPerRequest)),
        everyRound: {
          withoutStreams: readsWithout.map((r) => r.cpuMsPerRequest),
          idleStreams: readsWith.map((r) => r.cpuMsPerRequest),
        },
      },
      readCpuChangePercent: changePercent(
        readsWithout.map((r) => r.cpuMsPerRequest),
        readsWith.map((r) => r.cpuMsPerRequest),
      ),
    };
    console.log(JSON.stringify(result, null, 2));
    return result;
  } finally {
    holder.stop();
    for (const server of servers) await deps.stop(server);
  }
}
