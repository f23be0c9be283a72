import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../app';
import type { Clock } from '../clock';
import { type Config, loadConfig } from '../config';
import { connectDatabase, type DatabaseKind } from '../db/connect';
import type { Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedForums } from '../db/seed-forums';
import { UNLIMITED_WRITES } from '../modules/rate-limit/rate-limit.rules';

/** A clock tests move by hand. */
export class TestClock implements Clock {
  constructor(private current = Date.UTC(2026, 0, 1, 10, 0, 0)) {}
  now() {
    return this.current;
  }
  advance(ms: number) {
    this.current += ms;
  }
  set(ms: number) {
    this.current = ms;
  }
}

export interface TestContext {
  kind: DatabaseKind;
  db: Kysely<Database>;
  app: FastifyInstance;
  config: Config;
  clock: TestClock;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** The databases each server suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_KINDS: DatabaseKind[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * Runs a suite once per database, each against a fresh, migrated database with the forums seeded
 * and an app built on it. `ctx` is filled before the suite's first test. `only` keeps the suite to
 * one database, for what the other does not have (a statement only PostgreSQL runs).
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: TestContext) => void,
  options: { config?: Partial<Record<string, string>>; only?: DatabaseKind } = {},
) {
  for (const kind of TEST_DATABASE_KINDS.filter((each) => !options.only || each === options.only)) {
    describe(`${name} [${kind}]`, () => {
      const ctx = {} as TestContext;
      let dropDatabase: () => Promise<void> = async () => {};
      beforeAll(async () => {
        const created = await createTestDatabase(kind);
        dropDatabase = created.drop;
        ctx.kind = kind;
        ctx.config = loadConfig({
          DATA_DIR: created.dataDir,
          SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
          PUBLIC_URL: 'http://forum.test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: created.url,
          ...options.config,
          // Suites write from one address through a clock that starts before the factories' accounts
          // were made (so all count as new): write limits stay out of the way unless a suite names
          // its own (a later entry wins).
          RATE_LIMITS: [UNLIMITED_WRITES, options.config?.RATE_LIMITS].filter(Boolean).join(','),
        });
        ctx.db = connectDatabase(ctx.config.database);
        await migrateToLatest(ctx.db);
        await seedForums(ctx.db);
        ctx.clock = new TestClock();
        ctx.app = await buildApp({
          config: ctx.config,
          db: ctx.db,
          clock: ctx.clock,
          logger: false,
          clientDir: '/nonexistent',
        });
        await ctx.app.ready();
      });
      afterAll(async () => {
        await ctx.app?.close();
        await ctx.db?.destroy();
        await dropDatabase();
      });
      suite(ctx);
    });
  }
}

async function createTestDatabase(kind: DatabaseKind) {
  const dataDir = `/tmp/forum-test-${process.pid}-${randomBytes(4).toString('hex')}`;
  if (kind === 'sqlite') return { url: 'sqlite::memory:', dataDir, drop: async () => {} };
  return { dataDir, ...(await createPostgresTestDatabase('forum_test')) };
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server, and how to drop it. */
export async function createPostgresTestDatabase(prefix: string) {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  // pg_trgm needs a UTF-8 character type to make trigrams of Hebrew (DESIGN.md).
  await admin.query(
    `CREATE DATABASE ${name} ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`,
  );
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropTestDatabase(name) };
}

/** PostgreSQL's "database is being accessed by other users". */
const OBJECT_IN_USE = '55006';

/**
 * Drops a test database once its connections are gone. A pool's `end()` resolves when it has sent
 * each connection its goodbye, not when the server has closed them; dropping WITH (FORCE) at that
 * moment makes the server kill the closing ones, and the kill arrives in the test process as an
 * uncaught error. So wait for them to leave, and force only a database that stays busy.
 */
async function dropTestDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
