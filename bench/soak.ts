import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { solvedCaptchaOver } from '../server/test/captcha';
import pg from 'pg';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedForums } from '../server/db/seed-forums';
import { hashPassword } from '../server/modules/accounts/password';
import { UNLIMITED_WRITES } from '../server/modules/rate-limit/rate-limit.rules';
import { createReply, createTopic, createUser } from '../server/test/factories';

/**
 * `npm run bench -- --soak [--duration S]`: a long mixed load on one server, as a forum sees it —
 * guests reading, members logging in, writing, liking, searching and reporting, admins
 * moderating — on SQLite, or on PostgreSQL when DATABASE_URL names one. Passes when there is no
 * 5xx, no connection error, every acknowledged write reads back afterwards, and the server's
 * memory is flat: the last quarter's mean RSS at most 10% (and 16 MB) above the second quarter's.
 */
const HELP = `npm run bench -- --soak [--duration S] [--connections N] [--port N]
  --duration S      seconds of load (60)
  --connections N   concurrent virtual users (16)
  --port N          port of the server (3460)`;

const PASSWORD = 'soak-password-1';
const SECRET_KEY = 'soak-secret-key-soak-secret-key-0123456789';

/** Realistic proportions: mostly reading. */
const MIX = [
  ['read', 55],
  ['search', 10],
  ['reply', 12],
  ['like', 10],
  ['topic', 3],
  ['login', 3],
  ['report', 2],
  ['moderate', 5],
] as const;
type Action = (typeof MIX)[number][0];

interface Member {
  id: number;
  email: string;
  token: string;
  admin: boolean;
  /** Last acknowledged like state per message. */
  likes: Map<number, boolean>;
}

interface Tally {
  requests: number;
  statuses: Map<number, number>;
  serverErrors: string[];
  connectionErrors: number;
  latencies: Map<Action, number[]>;
  acknowledged: { replies: Map<number, string>; topics: Set<number>; reports: Set<number> };
}

export async function runSoak(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv.filter((arg) => arg !== '--soak'),
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '16' },
      port: { type: 'string', default: '3460' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const seconds = Number(values.duration);
  const connections = Number(values.connections);
  const port = Number(values.port);
  const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
  const kind = postgresUrl ? 'postgres' : 'sqlite';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-soak-'));
  const target = postgresUrl ? await createDatabase(postgresUrl) : undefined;
  const databaseUrl = target?.url ?? `sqlite:${path.join(dataDir, 'forum.sqlite')}`;

  console.log(`soak on ${kind}: ${seconds} s, ${connections} connections; preparing the forum…`);
  const db = connectDatabase(
    target
      ? { kind: 'postgres', url: target.url }
      : { kind: 'sqlite', file: path.join(dataDir, 'forum.sqlite') },
  );
  await migrateToLatest(db);
  await seedForums(db);
  const passwordHash = await hashPassword(PASSWORD);
  const members: Member[] = [];
  const topicIds: number[] = [];
  const messageIds: number[] = [];
  for (let i = 0; i < connections; i += 1) {
    const { user, token } = await createUser(db, { admin: i < 2, now: Date.now() - 86_400_000 });
    await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    members.push({ id: user.id, email: user.email, token, admin: i < 2, likes: new Map() });
    for (let t = 0; t < 3; t += 1) {
      const { topic } = await createTopic(db, {
        userId: user.id,
        forumId: 1 + ((i + t) % 3),
        subject: `שיחה על בית ${i}-${t}`,
      });
      topicIds.push(topic.id);
      messageIds.push(topic.id, (await createReply(db, { topicId: topic.id, userId: user.id })).id);
    }
  }

  const server = await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const base = `http://127.0.0.1:${port}/api`;
  const tally: Tally = {
    requests: 0,
    statuses: new Map(),
    serverErrors: [],
    connectionErrors: 0,
    latencies: new Map(),
    acknowledged: { replies: new Map(), topics: new Set(), reports: new Set() },
  };
  const memory: Array<{ at: number; rssMb: number }> = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const rss = readRssMb(server.pid);
    if (rss !== undefined) memory.push({ at: (Date.now() - started) / 1000, rssMb: rss });
  }, 1000);
  const deadline = started + seconds * 1000;
  const world = { topicIds, messageIds, reportIds: [] as number[] };
  await Promise.all(members.map((member, index) => virtualUser(base, member, index, world, tally, deadline)));
  clearInterval(sampler);

  // Every acknowledged write must read back.
  const missing: string[] = [];
  const rows = await db.selectFrom('messages').select(['id', 'content']).execute();
  const stored = new Map(rows.map((row) => [Number(row.id), row.content]));
  for (const [id, content] of tally.acknowledged.replies) {
    if (stored.get(id) !== content) missing.push(`reply ${id}`);
  }
  for (const id of tally.acknowledged.topics) {
    const response = await fetch(`${base}/topic/${id}`);
    if (response.status !== 200) missing.push(`topic ${id} (${response.status})`);
  }
  const reports = new Set(
    (await db.selectFrom('message_reports').select('id').execute()).map((row) => Number(row.id)),
  );
  for (const id of tally.acknowledged.reports) if (!reports.has(id)) missing.push(`report ${id}`);
  const likes = new Set(
    (await db.selectFrom('likes').select(['message_id', 'user_id']).execute()).map(
      (row) => `${row.message_id}/${row.user_id}`,
    ),
  );
  for (const member of members) {
    for (const [messageId, liked] of member.likes) {
      if (likes.has(`${messageId}/${member.id}`) !== liked) missing.push(`like ${messageId}/${member.id}`);
    }
  }

  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await db.destroy();
  await target?.drop();

  const quarter = (n: number) => {
    const from = (seconds * (n - 1)) / 4;
    const to = (seconds * n) / 4;
    const inside = memory.filter((sample) => sample.at > from && sample.at <= to);
    return inside.reduce((sum, sample) => sum + sample.rssMb, 0) / Math.max(1, inside.length);
  };
  const second = quarter(2);
  const last = quarter(4);
  const memoryFlat = last <= Math.max(second * 1.1, second + 16);
  const actions = Object.fromEntries(
    [...tally.latencies].map(([action, list]) => {
      list.sort((a, b) => a - b);
      const at = (q: number) => Math.round(list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0);
      return [action, { requests: list.length, p50ms: at(0.5), p99ms: at(0.99) }];
    }),
  );
  const result = {
    database: kind,
    seconds,
    connections,
    requests: tally.requests,
    requestsPerSecond: Math.round(tally.requests / seconds),
    statuses: Object.fromEntries([...tally.statuses].sort(([a], [b]) => a - b)),
    serverErrors: tally.serverErrors.length,
    connectionErrors: tally.connectionErrors,
    acknowledged: {
      replies: tally.acknowledged.replies.size,
      topics: tally.acknowledged.topics.size,
      reports: tally.acknowledged.reports.size,
      likeStates: members.reduce((sum, member) => sum + member.likes.size, 0),
    },
    missingAfterwards: missing.length,
    rssMb: {
      secondQuarter: Math.round(second),
      lastQuarter: Math.round(last),
      peak: Math.round(Math.max(0, ...memory.map((sample) => sample.rssMb))),
    },
    memoryFlat,
    actions,
  };
  const passed =
    result.serverErrors === 0 && result.connectionErrors === 0 && missing.length === 0 && memoryFlat;
  console.table(actions);
  console.log(JSON.stringify({ ...result, actions: undefined }, null, 2));
  for (const line of tally.serverErrors.slice(0, 5)) console.log(`5xx: ${line}`);
  for (const line of missing.slice(0, 5)) console.log(`missing: ${line}`);
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${new Date().toISOString().slice(0, 10)}-soak-${kind}.json`;
  writeFileSync(file, `${JSON.stringify({ ...result, passed, memory }, null, 2)}\n`);
  console.log(`\nsoak ${passed ? 'PASSED' : 'FAILED'}; results: ${file}`);
  if (!passed) process.exitCode = 1;
}

async function virtualUser(
  base: string,
  member: Member,
  index: number,
  world: { topicIds: number[]; messageIds: number[]; reportIds: number[] },
  tally: Tally,
  deadline: number,
): Promise<void> {
  let seed = index + 1;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  let token = member.token;

  const call = async (action: Action, method: string, url: string, body?: unknown, auth = true) => {
    const headers: Record<string, string> = { cookie: 'XSRF-TOKEN=soak', 'x-xsrf-token': 'soak' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth) headers.authorization = `Bearer ${token}`;
    const begun = performance.now();
    try {
      const response = await fetch(`${base}${url}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      const list = tally.latencies.get(action) ?? [];
      list.push(performance.now() - begun);
      tally.latencies.set(action, list);
      tally.requests += 1;
      tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500)
        tally.serverErrors.push(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
      return { status: response.status, json: () => JSON.parse(text) as Record<string, unknown> };
    } catch {
      tally.connectionErrors += 1;
      return { status: 0, json: () => ({}) as Record<string, unknown> };
    }
  };

  while (Date.now() < deadline) {
    const action = pickAction(random() * total);
    const topicId = pick(world.topicIds);
    switch (action) {
      case 'read': {
        const url = pick([
          '/home',
          '/forums',
          `/forum/${1 + Math.floor(random() * 3)}`,
          `/topic/${topicId}`,
          `/topic/${topicId}`,
          `/recommendations/${topicId}`,
        ]);
        await call(action, 'GET', url, undefined, false);
        break;
      }
      case 'search':
        await call(action, 'GET', `/search/${encodeURIComponent(pick(['בית', 'שיחה', 'תגובה', 'שלום']))}`);
        break;
      case 'reply': {
        const content = `<p>תגובה ${index}-${Date.now()}-${Math.floor(random() * 1e6)}</p>`;
        const response = await call(action, 'POST', '/message', { topicId, content });
        if (response.status === 200) {
          const saved = response.json();
          tally.acknowledged.replies.set(Number(saved.id), String(saved.content));
          world.messageIds.push(Number(saved.id));
        }
        break;
      }
      case 'like': {
        const messageId = pick(world.messageIds);
        const response = await call(action, 'GET', `/message/like/${messageId}`);
        if (response.status === 200) {
          member.likes.set(messageId, (response.json().likes as number[]).includes(member.id));
        }
        break;
      }
      case 'topic': {
        const response = await call(action, 'POST', '/topic', {
          subject: `נושא ${index}-${Math.floor(random() * 1e6)}`,
          message: '<p>פתיחת שיחה</p>',
          forumId: 1 + Math.floor(random() * 3),
        });
        if (response.status === 200) {
          const id = Number((response.json().post as { id: number }).id);
          tally.acknowledged.topics.add(id);
          world.topicIds.push(id);
          world.messageIds.push(id);
        }
        break;
      }
      case 'login': {
        const captcha = await solvedCaptchaOver(base);
        const response = await call(
          action,
          'POST',
          '/login',
          { email: member.email, password: PASSWORD, captcha },
          false,
        );
        if (response.status === 200) token = String(response.json().token);
        break;
      }
      case 'report': {
        const captcha = await solvedCaptchaOver(base);
        const response = await call(action, 'POST', '/messageReport', {
          report: { messageId: pick(world.messageIds), content: 'תוכן פוגעני בהודעה', email: member.email },
          captcha,
        });
        if (response.status === 200) {
          const id = Number((response.json() as { id?: number }).id ?? Number.NaN);
          if (Number.isFinite(id)) {
            tally.acknowledged.reports.add(id);
            world.reportIds.push(id);
          }
        }
        break;
      }
      case 'moderate': {
        if (!member.admin) {
          await call(action, 'GET', `/topic/${topicId}`, undefined, false);
          break;
        }
        const queue = await call(action, 'GET', '/messageReport');
        const open = queue.status === 200 ? ((queue.json().reports as Array<{ id: number }>) ?? []) : [];
        if (open.length > 0 && random() < 0.5)
          await call(action, 'DELETE', `/messageReport/${(open[0] as { id: number }).id}`);
        else
          await call(action, 'PUT', '/topic/subject', {
            topicId,
            subject: `נושא ערוך ${Math.floor(random() * 1e4)}`,
          });
        break;
      }
    }
  }
}

/** The action whose share of the mix holds `roll` (0 ≤ roll < the sum of the weights). */
function pickAction(roll: number): Action {
  let left = roll;
  for (const [action, weight] of MIX) {
    if (left < weight) return action;
    left -= weight;
  }
  return 'read';
}

function readRssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SECRET_KEY,
      // One address stands for every visitor here.
      RATE_LIMITS: `${UNLIMITED_WRITES},login.ip=1000000/60,login.email=1000000/60,report.ip=1000000/60,report.email=1000000/60`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/forums`)).ok) return resolve(child);
      } catch {}
      if (Date.now() > deadline) reject(new Error('the server did not start'));
      else setTimeout(poll, 200);
    };
    void poll();
  });
}

async function createDatabase(url: string) {
  const name = `forum_soak_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE ${name} ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`,
  );
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
