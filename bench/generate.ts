import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { Insertable } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { normalizeForSearch } from '../shared/hebrew';
import { LIMITS } from '../shared/limits';
import type { Config } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { previewText } from '../server/modules/markup/markup';
import type { Database } from '../server/db/database';
import { newUserRow } from '../server/modules/accounts/accounts.repository';
import { activityTimestamp, newTopicRow } from '../server/modules/topics/topics.repository';
import { hashPassword } from '../server/modules/accounts/password';
import * as text from './text';

export type DatabaseTarget = Config['database'];

export interface DatasetSize {
  forums: number;
  users: number;
  topics: number;
  messages: number;
  likes: number;
  reports: number;
}

/** `default` is the size the issue asks for; `small` is the quick run and the growth baseline. */
const PRESETS: Record<'small' | 'default', DatasetSize> = {
  small: { forums: 20, users: 1_000, topics: 2_000, messages: 20_000, likes: 10_000, reports: 200 },
  default: {
    forums: 20,
    users: 20_000,
    topics: 100_000,
    messages: 1_000_000,
    likes: 500_000,
    reports: 5_000,
  },
};

export interface GenerateOptions extends DatasetSize {
  seed: number;
  /** The newest message is a little before this time; the oldest `spanDays` before it. */
  now: number;
  spanDays: number;
  /** Prints progress to stderr. */
  log?: (line: string) => void;
}

/** Every generated user has this password, so a bench run can log in as any of them. */
export const BENCH_PASSWORD = 'benchmark-password';
const BENCH_EMAIL_DOMAIN = 'bench.example';
/** Bumped whenever the generator's output changes, so a cached dataset is made again. */
export const GENERATOR_VERSION = 3;

export interface DatasetSummary {
  generatorVersion: number;
  options: Omit<GenerateOptions, 'log'>;
  /** Rare words that made it into at least one message, with how many messages hold each. */
  rareWords: Record<string, number>;
  /** Topics with the most replies: what the topic `more` benchmark pages through. */
  largestTopics: { id: number; replies: number }[];
  timingsMs: Record<string, number>;
}

/** Everything a topic row needs that the timeline decides. */
interface Timeline {
  /** For message id i + 1: the id of its topic. */
  topicOf: Int32Array;
  authorOf: Int32Array;
  timeOf: Float64Array;
  /** The message ids that open a topic, in id order. */
  topicIds: Int32Array;
  topicForum: Int32Array;
  topicReplies: Int32Array;
  topicLastMessage: Int32Array;
}

const messageSeed = (seed: number, id: number) =>
  (Math.imul(seed, 0x9e3779b1) ^ Math.imul(id, 0x85ebca6b)) >>> 0;
const subjectSeed = (seed: number, id: number) => messageSeed(seed ^ 0x5bd1e995, id);

/** The body of message `id`: a pure function of the seed, so topics and messages agree on it. */
export function messageContent(seed: number, id: number): text.Rendered & { rare: string | null } {
  const random = text.createRandom(messageSeed(seed, id));
  const rare = random() < 1 / text.RARE_WORD_EVERY;
  const body = text.messageBody(random, { rare });
  const found = rare ? (text.RARE_WORDS.find((word) => body.text.includes(word)) ?? null) : null;
  return { ...body, rare: found };
}

/** Decides who writes what when: which messages open topics, which topic each reply joins. */
function buildTimeline(options: GenerateOptions): Timeline {
  const { messages: total, topics, seed } = options;
  if (topics < 1 || total < topics)
    throw new Error('need at least one topic and no fewer messages than topics');
  const random = text.createRandom(seed);
  const topicOf = new Int32Array(total);
  const authorOf = new Int32Array(total);
  const timeOf = new Float64Array(total);
  const topicIds = new Int32Array(topics);
  const topicForum = new Int32Array(topics);
  const topicReplies = new Int32Array(topics);
  const topicLastMessage = new Int32Array(topics);
  // A few long-running threads collect a share of all replies, as on any forum; they give the
  // topic `more` benchmark thousands of replies to page through.
  const megathreads = Math.max(1, Math.round(topics / 5000));
  const spanMs = options.spanDays * 86_400_000;
  const averageGap = Math.max(2, Math.floor(spanMs / total));
  // Leaves room at the end: the newest message is still in the past at `now`.
  let time = options.now - spanMs - averageGap * 2;
  let created = 0;
  for (let i = 0; i < total; i += 1) {
    const id = i + 1;
    // Every message gets its own millisecond, so last-activity timestamps never tie.
    time += 1 + Math.floor(random() * 2 * averageGap);
    timeOf[i] = time;
    authorOf[i] = 1 + text.skewedIndex(random, options.users, 1.8);
    const topicsLeft = topics - created;
    const opensTopic = created === 0 || (topicsLeft > 0 && random() < topicsLeft / (total - i));
    let topicIndex: number;
    if (opensTopic) {
      topicIndex = created;
      created += 1;
      topicIds[topicIndex] = id;
      topicForum[topicIndex] = 1 + text.skewedIndex(random, options.forums, 1.5);
    } else {
      const roll = random();
      if (roll < 0.05 && created > 0) {
        topicIndex = Math.floor(random() * Math.min(megathreads, created));
      } else {
        // Mostly replies to what is new; sometimes an old topic comes back to life.
        const scale = roll < 0.8 ? 20 : 2000;
        const back = Math.floor(-Math.log(1 - random()) * scale);
        topicIndex = back < created ? created - 1 - back : Math.floor(random() * created);
      }
      topicReplies[topicIndex] = (topicReplies[topicIndex] ?? 0) + 1;
    }
    topicOf[i] = topicIds[topicIndex] ?? 0;
    topicLastMessage[topicIndex] = id;
  }
  return { topicOf, authorOf, timeOf, topicIds, topicForum, topicReplies, topicLastMessage };
}

/** Writes rows in bulk: prepared statements in big transactions on SQLite, `unnest` arrays on PostgreSQL. */
interface BulkWriter {
  /**
   * Sets search-index upkeep aside for the load and returns what builds it again in one pass. On
   * SQLite, the FTS5 triggers cost ~1 ms a message (22 s for 20,000 messages against 0.5 s without
   * them and 2.3 s for an FTS5 'rebuild', measured here); on PostgreSQL, a GIN index built once is
   * far cheaper than one grown row by row.
   */
  suspendSearchIndexes(): Promise<() => Promise<void>>;
  insert(table: string, columns: readonly Column[], rows: readonly unknown[][]): Promise<void>;
  execute(statement: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL type of an unnest array. */
type ArrayType = 'int' | 'bigint' | 'text' | 'bytea';

interface Column {
  name: string;
  type: ArrayType;
}

/** The tables the generator fills. */
type Table = 'forums' | 'users' | 'topics' | 'messages' | 'likes' | 'message_reports' | 'images';
/** A row as the bulk writer takes it: the table's insert shape, checked against server/db/database.ts. */
type Row<T extends Table> = Insertable<Database[T]>;

/**
 * The columns the generator fills, in insert order, typed against the schema: a column the table
 * does not have, or a new column an insert needs, breaks the compile rather than the load.
 */
function columns<T extends Table>(types: { [K in keyof Row<T>]: ArrayType }): Column[] {
  return Object.entries(types).map(([name, type]) => ({ name, type: type as ArrayType }));
}

const COLUMNS: Record<Table, Column[]> = {
  forums: columns<'forums'>({ id: 'int', name: 'text', icon: 'text', position: 'int', description: 'text' }),
  users: columns<'users'>({
    id: 'int',
    username: 'text',
    username_key: 'text',
    email: 'text',
    email_key: 'text',
    password_hash: 'text',
    birthdate: 'text',
    is_admin: 'int',
    is_active: 'int',
    created_at: 'bigint',
    activated_at: 'bigint',
  }),
  topics: columns<'topics'>({
    id: 'int',
    forum_id: 'int',
    user_id: 'int',
    subject: 'text',
    subject_search: 'text',
    image: 'text',
    preview: 'text',
    replies: 'int',
    created_at: 'bigint',
    timestamp: 'bigint',
  }),
  messages: columns<'messages'>({
    id: 'int',
    topic_id: 'int',
    user_id: 'int',
    content: 'text',
    content_search: 'text',
    created_at: 'bigint',
  }),
  likes: columns<'likes'>({ message_id: 'int', user_id: 'int', created_at: 'bigint' }),
  message_reports: columns<'message_reports'>({
    id: 'int',
    message_id: 'int',
    content: 'text',
    email: 'text',
    reporter_user_id: 'int',
    timestamp: 'bigint',
    is_open: 'int',
    closed_by: 'int',
    closed_at: 'bigint',
  }),
  images: columns<'images'>({ name: 'text', content_type: 'text', data: 'bytea', created_at: 'bigint' }),
};

function sqliteWriter(file: string): BulkWriter {
  const db = new SqliteDatabase(file);
  // Nothing to lose if the machine stops mid-way: the dataset is made again. WAL (which the
  // migration set, and which would write every page twice) is restored at the end; SQLite leaves
  // WAL only for DELETE, and this build refuses OFF, so the journal is kept in memory.
  db.pragma('journal_mode = DELETE');
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  db.pragma('foreign_keys = ON');
  return {
    async suspendSearchIndexes() {
      const virtualTables = db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
        )
        .all() as { name: string; sql: string }[];
      // Only an external-content FTS5 table can be rebuilt from its source rows; with any other
      // kind the triggers stay and fill the index row by row, slow but right.
      const rebuildable = virtualTables.every((table) => /\bcontent\s*=\s*'?\w+/i.test(table.sql));
      if (!rebuildable) return async () => {};
      const triggers = db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('messages', 'topics')",
        )
        .all() as { name: string; sql: string }[];
      for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
      return async () => {
        for (const trigger of triggers) db.exec(trigger.sql);
        for (const table of virtualTables) {
          db.exec(`INSERT INTO "${table.name}" ("${table.name}") VALUES ('rebuild')`);
          mergeSearchIndex(db, table.name);
        }
      };
    },
    async insert(table, columns, rows) {
      const statement = db.prepare(
        `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      db.transaction(() => {
        for (const row of rows) statement.run(row);
      })();
    },
    async execute(statement) {
      db.exec(statement);
    },
    async close() {
      db.pragma('journal_mode = WAL');
      db.close();
    },
  };
}

async function postgresWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('SET synchronous_commit = off');
  return {
    async suspendSearchIndexes() {
      const { rows } = await client.query<{ indexname: string; indexdef: string }>(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('messages', 'topics') AND indexdef ILIKE '%USING gin%'",
      );
      for (const index of rows) await client.query(`DROP INDEX "${index.indexname}"`);
      return async () => {
        await client.query("SET maintenance_work_mem = '512MB'");
        for (const index of rows) await client.query(index.indexdef);
      };
    },
    async insert(table, columns, rows) {
      if (rows.length === 0) return;
      // One array parameter per column: any number of rows in one statement, no 65535-parameter limit.
      const arrays = columns.map((_, index) => rows.map((row) => row[index]));
      const unnest = columns.map((c, index) => `$${index + 1}::${c.type}[]`).join(', ');
      await client.query(
        `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')}) SELECT * FROM unnest(${unnest})`,
        arrays,
      );
    },
    async execute(statement) {
      await client.query(statement);
    },
    async close() {
      await client.end();
    },
  };
}

/** Typed rows as the writer's value lists, in the order of the table's columns. */
function insertRows<T extends Table>(writer: BulkWriter, table: T, rows: readonly Row<T>[]): Promise<void> {
  const names = COLUMNS[table].map((column) => column.name as keyof Row<T>);
  return writer.insert(
    table,
    COLUMNS[table],
    rows.map((row) => names.map((name) => row[name] ?? null)),
  );
}

/** Inserts rows produced by `make(i)` for i in [0, count) in batches. */
async function insertInBatches<T extends Table>(
  writer: BulkWriter,
  table: T,
  count: number,
  batchSize: number,
  make: (i: number) => Row<T> | null,
  log: (line: string) => void,
) {
  let batch: Row<T>[] = [];
  let reported = 0;
  for (let i = 0; i < count; i += 1) {
    const row = make(i);
    if (row) batch.push(row);
    if (batch.length >= batchSize) {
      await insertRows(writer, table, batch);
      batch = [];
    }
    if (count >= 200_000 && i - reported >= count / 10) {
      reported = i;
      log(`  ${table}: ${Math.round((100 * i) / count)}%`);
    }
  }
  await insertRows(writer, table, batch);
}

async function coverImages(forums: number, createdAt: number): Promise<Row<'images'>[]> {
  const rows: Row<'images'>[] = [];
  for (let id = 1; id <= forums; id += 1) {
    const hue = (id * 47) % 360;
    for (const [size, width, height] of [
      ['big', 1200, 630],
      ['small', 400, 210],
    ] as const) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},55%,45%)"/></svg>`;
      const data = await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
      rows.push({ name: benchImageName(id, size), content_type: 'image/webp', data, created_at: createdAt });
    }
  }
  return rows;
}

const benchImageName = (forumId: number, size: 'big' | 'small') => `bench-forum-${forumId}-${size}.webp`;

/**
 * Fills an empty database with a forum of the given size, through the migrated schema (so search
 * indexes and their triggers fill as they would in production). Deterministic for a given seed.
 */
export async function generateDataset(
  target: DatabaseTarget,
  options: GenerateOptions,
): Promise<DatasetSummary> {
  const log = options.log ?? (() => {});
  const timings: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - phaseStart);
    log(`${name}: ${(timings[name] / 1000).toFixed(1)} s`);
    phaseStart = now;
  };

  const kysely = connectDatabase(target);
  try {
    await migrateToLatest(kysely);
    const existing = await kysely.selectFrom('topics').select('id').limit(1).executeTakeFirst();
    const forums = await kysely.selectFrom('forums').select('id').limit(1).executeTakeFirst();
    if (existing || forums) throw new Error('the target database is not empty: generate into a fresh one');
  } finally {
    await kysely.destroy();
  }
  phase('migrate');

  const timeline = buildTimeline(options);
  phase('timeline');

  const writer = target.kind === 'sqlite' ? sqliteWriter(target.file) : await postgresWriter(target.url);
  const batch = target.kind === 'sqlite' ? 50_000 : 5_000;
  const firstTime = timeline.timeOf[0] ?? options.now;
  const random = text.createRandom(options.seed ^ 0x1234567);
  try {
    await insertRows(
      writer,
      'forums',
      Array.from({ length: options.forums }, (_, i) => text.forum(i + 1)),
    );
    await insertRows(writer, 'images', await coverImages(options.forums, firstTime));

    const restoreSearchIndexes = await writer.suspendSearchIndexes();
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    await insertInBatches(
      writer,
      'users',
      options.users,
      batch,
      (i) => {
        const id = i + 1;
        const name = text.username(random, id);
        const email = `user${id}@${BENCH_EMAIL_DOMAIN}`;
        const joined = firstTime - 86_400_000 + i;
        const year = 1960 + Math.floor(random() * 45);
        const birthdate = `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
        // User 1 is the admin; everyone is active.
        return {
          id,
          ...newUserRow({
            username: name,
            email,
            passwordHash,
            birthdate,
            isAdmin: id === 1,
            isActive: true,
            createdAt: joined,
          }),
        };
      },
      log,
    );
    phase('forums and users');

    await insertInBatches(
      writer,
      'topics',
      options.topics,
      batch,
      (i) => {
        const id = timeline.topicIds[i] ?? 0;
        const forumId = timeline.topicForum[i] ?? 1;
        const subjectText = text.subject(
          text.createRandom(subjectSeed(options.seed, id)),
          LIMITS.subjectMaxLength,
        );
        const main = messageContent(options.seed, id);
        const lastActivity = timeline.timeOf[(timeline.topicLastMessage[i] ?? id) - 1] ?? 0;
        return newTopicRow({
          id,
          forumId,
          userId: timeline.authorOf[id - 1] ?? 1,
          subject: subjectText,
          image: benchImageName(forumId, 'big'),
          preview: previewText(main.text),
          replies: timeline.topicReplies[i] ?? 0,
          createdAt: timeline.timeOf[id - 1] ?? 0,
          timestamp: activityTimestamp(lastActivity, id),
        });
      },
      log,
    );
    phase('topics');

    const rareWords: Record<string, number> = {};
    await insertInBatches(
      writer,
      'messages',
      options.messages,
      target.kind === 'sqlite' ? batch : 2_000,
      (i) => {
        const id = i + 1;
        const body = messageContent(options.seed, id);
        if (body.rare) rareWords[body.rare] = (rareWords[body.rare] ?? 0) + 1;
        return {
          id,
          topic_id: timeline.topicOf[i] ?? null,
          user_id: timeline.authorOf[i] ?? 1,
          content: body.html,
          content_search: normalizeForSearch(body.text),
          created_at: timeline.timeOf[i] ?? 0,
        };
      },
      log,
    );
    phase('messages');
    await restoreSearchIndexes();
    phase('search indexes');

    const likes = new Set<number>();
    const userSpace = 2 ** 21;
    if (options.users >= userSpace) throw new Error(`at most ${userSpace - 1} users`);
    const maxLikes = Math.min(options.likes, Math.floor((options.messages * options.users) / 2));
    while (likes.size < maxLikes) {
      // Older messages and active users collect more likes; each (message, user) pair once.
      const messageId = 1 + Math.floor(random() * options.messages);
      const userId = 1 + text.skewedIndex(random, options.users, 1.5);
      likes.add(messageId * userSpace + userId);
    }
    const likeKeys = Float64Array.from(likes).sort();
    likes.clear();
    await insertInBatches(
      writer,
      'likes',
      likeKeys.length,
      batch,
      (i) => {
        const key = likeKeys[i] ?? 0;
        const messageId = Math.floor(key / userSpace);
        const at = Math.min(
          options.now,
          (timeline.timeOf[messageId - 1] ?? 0) + Math.floor(random() * 86_400_000),
        );
        return { message_id: messageId, user_id: key % userSpace, created_at: at };
      },
      log,
    );
    phase('likes');

    const reportStart = options.now - 90 * 86_400_000;
    await insertInBatches(
      writer,
      'message_reports',
      options.reports,
      batch,
      (i) => {
        const reporter = random() < 0.7 ? 1 + Math.floor(random() * options.users) : null;
        const at =
          reportStart + Math.floor(((i + random()) * 90 * 86_400_000) / Math.max(1, options.reports));
        const open = random() < 0.6;
        return {
          id: i + 1,
          message_id: 1 + Math.floor(random() * options.messages),
          content: text.reportReason(random),
          email: reporter ? `user${reporter}@${BENCH_EMAIL_DOMAIN}` : `guest${i}@example.com`,
          reporter_user_id: reporter,
          timestamp: at,
          is_open: open ? 1 : 0,
          closed_by: open ? null : 1,
          closed_at: open ? null : at + 3_600_000,
        };
      },
      log,
    );
    phase('reports');

    if (target.kind === 'postgres') {
      // Explicit ids leave the identity sequences behind; the server's own inserts must continue after them.
      for (const table of ['users', 'messages', 'message_reports']) {
        await writer.execute(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
        );
      }
      // What autovacuum would do soon after a bulk load: statistics and the visibility map.
      await writer.execute('VACUUM ANALYZE');
      phase('vacuum analyze');
    }

    const largest: { id: number; replies: number }[] = [];
    for (let i = 0; i < options.topics; i += 1) {
      largest.push({ id: timeline.topicIds[i] ?? 0, replies: timeline.topicReplies[i] ?? 0 });
      if (largest.length > 64) {
        largest.sort((a, b) => b.replies - a.replies);
        largest.length = 10;
      }
    }
    largest.sort((a, b) => b.replies - a.replies);
    const { log: _log, ...recorded } = options;
    return {
      generatorVersion: GENERATOR_VERSION,
      options: recorded,
      rareWords,
      largestTopics: largest.slice(0, 10),
      timingsMs: timings,
    };
  } finally {
    await writer.close();
  }
}

const HELP = `Generates a benchmark dataset into an empty database.

  tsx bench/generate.ts [--preset small|default] [--forums N] [--users N] [--topics N]
                        [--messages N] [--likes N] [--reports N] [--seed N]
                        (--sqlite FILE | --database-url postgres://...)

Without --sqlite or --database-url, DATABASE_URL is used. The database must be empty (a new SQLite
file is created; --sqlite removes an existing file first).`;

async function main() {
  const { values } = parseArgs({
    options: {
      preset: { type: 'string', default: 'default' },
      forums: { type: 'string' },
      users: { type: 'string' },
      topics: { type: 'string' },
      messages: { type: 'string' },
      likes: { type: 'string' },
      reports: { type: 'string' },
      seed: { type: 'string', default: '1' },
      sqlite: { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const size = datasetSize(values.preset, values);
  const url = values['database-url'] ?? process.env.DATABASE_URL;
  let target: DatabaseTarget;
  if (values.sqlite) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(values.sqlite + suffix, { force: true });
    target = { kind: 'sqlite', file: values.sqlite };
  } else if (url?.startsWith('postgres')) {
    target = { kind: 'postgres', url };
  } else {
    throw new Error('give --sqlite FILE or --database-url postgres://... (or DATABASE_URL)');
  }
  const started = performance.now();
  const summary = await generateDataset(target, {
    ...size,
    seed: Number(values.seed),
    now: Date.now(),
    spanDays: 5 * 365,
    log: (line) => console.error(line),
  });
  console.error(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify(summary, null, 2));
}

/** A preset with any of its sizes overridden by flags. */
export function datasetSize(preset: string, flags: Partial<Record<keyof DatasetSize, string>>): DatasetSize {
  if (preset !== 'small' && preset !== 'default')
    throw new Error(`unknown preset "${preset}" (small or default)`);
  const size: DatasetSize = { ...PRESETS[preset] };
  for (const key of Object.keys(size) as (keyof DatasetSize)[]) {
    const value = flags[key];
    if (value === undefined) continue;
    const number = Number(value.replace(/_/g, ''));
    if (!Number.isInteger(number) || number < 0) throw new Error(`--${key} must be a whole number`);
    size[key] = number;
  }
  return size;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/**
 * Merges a rebuilt FTS5 index the way the server's helper thread does while the forum is quiet
 * (server/db/background-checkpoints.ts), until FTS5 finds nothing left to merge: 'rebuild' leaves
 * dozens of segments (73 at 1,000,000 messages) where a running forum keeps a few.
 */
function mergeSearchIndex(db: SqliteDatabase.Database, table: string): void {
  const merge = db.prepare(`INSERT INTO "${table}" ("${table}", rank) VALUES ('merge', 1000)`);
  const totalChanges = db.prepare('SELECT total_changes() AS changes');
  const changes = () => (totalChanges.get() as { changes: number }).changes;
  for (;;) {
    const before = changes();
    merge.run();
    if (changes() - before < 2) return;
  }
}
