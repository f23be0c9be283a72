import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import pg from 'pg';
import {
  E2E_ADMIN_TOKEN,
  E2E_SECRET_KEY,
  E2E_USER,
  E2E_USER_TOKEN,
  E2E_WRITER,
  newTopic,
  reply,
  topicIdBySubject,
  write,
  xsrfOf,
} from './fixtures';

// Live updates in the browser (GET /api/events): on the normal e2e server (SQLite, one instance),
// then on two instances sharing one PostgreSQL database.

const stamp = Date.now().toString(36).slice(-5);
/** A forum the other specs do not count (writing.spec uses 10 and 8, forum.spec 3 and 9). */
const LIVE_FORUM_ID = 2;

/** A session of the writer opened through the login API (captcha and XSRF), made once per run. */
const E2E_WRITER_TOKEN = { value: '' };

async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/captcha')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
}

/** The reader's position: what they look at must not move while updates arrive. */
const scrollOf = (page: Page) => page.evaluate(() => window.scrollY);

test.describe
  .serial('live updates on one instance', () => {
    let topicId = 0;

    test.beforeAll(async ({ request }) => {
      const topic = await newTopic(request, E2E_ADMIN_TOKEN, `נושא חי ${stamp}`, LIVE_FORUM_ID);
      topicId = topic.post.id;
      for (let index = 1; index <= 7; index += 1) {
        await reply(request, E2E_USER_TOKEN, topicId, `תגובה קיימת ${index}`);
      }
    });

    test('a new reply appears at the end while the reader is there', async ({ page, request }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/topic/${topicId}`);
      const messages = page.locator('.messages article.message');
      await expect(messages).toHaveCount(8);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(300);
      await reply(request, E2E_USER_TOKEN, topicId, `תגובה חיה ${stamp}`);
      await expect(messages.last()).toContainText(`תגובה חיה ${stamp}`, { timeout: 2000 });
      // Screen readers hear it politely, with its author.
      await expect(page.locator('[data-announcer][role="status"][aria-live="polite"]')).toHaveText(
        `תגובה חדשה מאת ${E2E_USER.username}`,
      );
      // The earliest shown reply stays: a live reply adds to what is shown instead of replacing it.
      await expect(messages).toHaveCount(9);
      await expect(page.getByRole('button', { name: /הודעות? חדש/ })).toHaveCount(0);
      await page.screenshot({ path: 'test-results/live-topic-1280.png' });
    });

    test('a reply posted after the page was rendered, before its stream opened, still appears', async ({
      page,
      request,
    }) => {
      // The stream is held back until the reply is in: the page must resume from where it was rendered.
      let asked = false;
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => url.pathname === '/api/events',
        async (route) => {
          asked = true;
          await held;
          await route.continue();
        },
      );
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/topic/${topicId}`);
      const messages = page.locator('.messages article.message');
      await expect(messages.first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => asked).toBe(true);
      await reply(request, E2E_USER_TOKEN, topicId, `בין העמוד לזרם ${stamp}`);
      release();
      await expect(messages.last()).toContainText(`בין העמוד לזרם ${stamp}`, { timeout: 2000 });
    });

    test('a reader further up gets a "new messages" button instead, which scrolls to them', async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 375, height: 700 });
      await page.goto(`/topic/${topicId}`);
      const messages = page.locator('.messages article.message');
      await expect(messages).toHaveCount(8);
      await page.evaluate(() => window.scrollTo(0, 200));
      await page.waitForTimeout(300);
      const before = await scrollOf(page);
      await reply(request, E2E_WRITER_TOKEN.value, topicId, `תגובה למטה ${stamp}`);
      await reply(request, E2E_USER_TOKEN, topicId, `עוד תגובה למטה ${stamp}`);
      const button = page.getByRole('button', { name: '2 הודעות חדשות' });
      await expect(button).toBeVisible({ timeout: 2000 });
      await expect(page.locator('[aria-live="polite"]', { has: button })).toHaveCount(1);
      await expect(page.getByText(`תגובה למטה ${stamp}`, { exact: true })).toHaveCount(0);
      expect(await scrollOf(page)).toBe(before);
      await page.screenshot({ path: 'test-results/live-new-messages-375.png' });
      await button.click();
      await expect(page.getByText(`תגובה למטה ${stamp}`, { exact: true })).toBeInViewport();
      await expect(messages).toHaveCount(10);
      await expect(button).toHaveCount(0);
    });

    test('likes and edits update in place; a deleted reply leaves', async ({ page, request }) => {
      // No wait for the stream: it resumes from where the server rendered the page.
      await page.goto(`/topic/${topicId}`);
      const target = page.locator('.messages article.message', { hasText: 'תגובה קיימת 7' });
      await expect(target).toBeVisible();
      await expect(target.locator('.message__likes')).toHaveCount(0);
      const replies = (await (await request.get(`/api/topic/${topicId}`)).json()) as {
        messages: { id: number; content: string }[];
      };
      const liked = replies.messages.find((message) => message.content.includes('תגובה קיימת 7'));
      expect(liked).toBeDefined();
      const likeResponse = await request.get(`/api/message/like/${liked?.id}`, {
        headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
      });
      expect(likeResponse.ok()).toBe(true);
      await expect(target.locator('.message__likes')).toContainText('לייק אחד', { timeout: 2000 });

      // At the end of the replies, so a new one is shown rather than announced.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(300);
      const edited = await reply(request, E2E_USER_TOKEN, topicId, `לעריכה ${stamp}`);
      await expect(page.getByText(`לעריכה ${stamp}`)).toBeVisible({ timeout: 2000 });
      const editResponse = await request.put('/api/message/', {
        headers: { authorization: `Bearer ${E2E_USER_TOKEN}`, 'x-xsrf-token': await xsrfOf(request) },
        data: { messageId: edited.id, content: `<p>נערכה ${stamp}</p>` },
      });
      expect(editResponse.ok()).toBe(true);
      await expect(page.getByText(`נערכה ${stamp}`)).toBeVisible({ timeout: 2000 });
      await write(request, E2E_USER_TOKEN, 'DELETE', `/api/message/${edited.id}`);
      await expect(page.getByText(`נערכה ${stamp}`)).toHaveCount(0, { timeout: 2000 });
    });

    test('home shows "N new topics" and inserts them on click, keeping the reader’s place', async ({
      page,
      request,
    }) => {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        const cards = page.locator('.post-list .post-list__items > li');
        await expect(cards).toHaveCount(7);
        const firstSubject = await cards.first().textContent();
        // The reader is down the list: what they look at must not move when the banner shows.
        await cards.nth(3).scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        const before = await scrollOf(page);
        const looked = await cards.nth(3).boundingBox();
        const subject = `נושא חדש בבית ${width} ${stamp}`;
        await newTopic(request, E2E_USER_TOKEN, subject, LIVE_FORUM_ID);
        const banner = page.getByRole('button', { name: 'נושא חדש אחד - הצגה' });
        await expect(banner).toBeVisible({ timeout: 2000 });
        await expect(banner).toBeInViewport();
        expect(await cards.first().textContent()).toBe(firstSubject);
        expect(await scrollOf(page)).toBe(before);
        expect(await cards.nth(3).boundingBox()).toEqual(looked);
        await page.screenshot({ path: `test-results/live-home-banner-${width}.png` });
        await banner.click();
        await expect(cards.first()).toContainText(subject);
        await expect(cards).toHaveCount(8);
        await expect(banner).toHaveCount(0);
      }
    });

    test('a forum page counts new topics of its own forum only', async ({ page, request }) => {
      await page.goto(`/forum/${LIVE_FORUM_ID}`);
      await expect(page.locator('.post-list__items > li').first()).toBeVisible();
      await newTopic(request, E2E_USER_TOKEN, `נושא בפורום אחר ${stamp}`, 1);
      await newTopic(request, E2E_USER_TOKEN, `נושא בפורום ${stamp}`, LIVE_FORUM_ID);
      await expect(page.getByRole('button', { name: 'נושא חדש אחד - הצגה' })).toBeVisible({ timeout: 2000 });
      await page.getByRole('button', { name: 'נושא חדש אחד - הצגה' }).click();
      await expect(page.locator('.post-list__items > li').first()).toContainText(`נושא בפורום ${stamp}`);
    });

    test('the admin’s report queue shows a new report', async ({ page, request }) => {
      await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_ADMIN_TOKEN);
      const ticket = page.waitForResponse((response) => response.url().endsWith('/api/events/ticket'));
      await page.goto('/message-reports');
      await expect(page.getByRole('heading', { name: 'דיווחים על הודעות' })).toBeVisible();
      expect((await ticket).status()).toBe(200);
      await page.waitForTimeout(300);
      const reason = `דיווח חי ${stamp}`;
      const response = await request.post('/api/messageReport', {
        headers: { 'x-xsrf-token': await xsrfOf(request) },
        data: {
          report: { messageId: topicId, content: reason, email: 'live@example.com' },
          captcha: await solvedCaptcha(request),
        },
      });
      expect(response.ok()).toBe(true);
      const report = (await response.json()) as { id: number };
      try {
        await expect(page.locator('.report-card', { hasText: reason })).toBeVisible({ timeout: 2000 });
        await page.screenshot({ path: 'test-results/live-reports-1280.png' });
      } finally {
        // Other specs count the open reports.
        await write(request, E2E_ADMIN_TOKEN, 'DELETE', `/api/messageReport/${report.id}`);
      }
    });

    test('the header follows a logout in another tab', async ({ context, request }) => {
      const token = E2E_WRITER_TOKEN.value;
      const first = await context.newPage();
      await first.goto('/');
      await first.evaluate((value) => localStorage.setItem('authToken', value), token);
      await first.reload();
      const second = await context.newPage();
      await second.goto(`/topic/${topicId}`);
      const menu = (page: Page) => page.getByRole('button', { name: E2E_WRITER.username });
      await expect(menu(first)).toBeVisible();
      await expect(menu(second)).toBeVisible();
      await menu(first).click();
      await first.getByRole('menuitem', { name: 'התנתקות' }).click();
      await expect(second.getByRole('button', { name: 'התחברות' })).toBeVisible({ timeout: 2000 });
      await expect(menu(second)).toHaveCount(0);
      // The revoked session's token no longer opens anything.
      const check = await request.get('/api/validate-token', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(check.status()).toBe(401);
      E2E_WRITER_TOKEN.value = await loginThroughApi(request);
    });
  });

async function loginThroughApi(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/login', {
    headers: { 'x-xsrf-token': await xsrfOf(request) },
    data: { email: E2E_WRITER.email, password: E2E_WRITER.password, captcha: await solvedCaptcha(request) },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

test.beforeAll(async ({ request }) => {
  if (!E2E_WRITER_TOKEN.value) E2E_WRITER_TOKEN.value = await loginThroughApi(request);
});

// ── Two instances on one PostgreSQL database ─────────────────────────────────────────────────────

const PG_ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT_A = 4010;
const PORT_B = 4011;

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function withAdmin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function startInstance(port: number, databaseUrl: string, seed: boolean): ChildProcess {
  // Node itself (not npx), so SIGTERM reaches the server and it shuts down before the database goes.
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve-instance.ts'], {
    env: {
      ...process.env,
      E2E_SEED: seed ? '1' : '',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `forum-live-${port}-`)),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      SECRET_KEY: E2E_SECRET_KEY,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: false,
  });
  return child;
}

async function waitForServer(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the instance on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/forums`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the instance on ${port} did not start within 120 s`);
}

async function stopInstance(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Listener connections (LISTEN forum_events, then its `select 1` heartbeats) on the database. */
const listenerPids = (database: string) =>
  withAdmin(async (client) => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and query in ('LISTEN forum_events', 'select 1')`,
      [database],
    );
    return rows.map((row) => row.pid);
  });

test.describe('live updates across two instances on PostgreSQL', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let reachable = false;
  const database = `forum_e2e_live_${process.pid}_${stamp.replace(/[^a-z0-9]/g, '')}`;
  let a: ChildProcess | undefined;
  let b: ChildProcess | undefined;
  let listenerOfA = 0;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    reachable = await postgresReachable();
    if (!reachable) {
      console.warn(
        `\n!!! SKIPPED: PostgreSQL is unreachable at ${PG_ADMIN_URL}: the two-instance live test did NOT run.\n`,
      );
      return;
    }
    await withAdmin((client) =>
      client.query(
        `CREATE DATABASE ${database} ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`,
      ),
    );
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database}`;
    a = startInstance(PORT_A, url.toString(), true);
    await waitForServer(PORT_A, a);
    // A alone listens now (the seed's own app has closed its listener): the only listener is A's,
    // found before B starts its own.
    await expect.poll(async () => (await listenerPids(database)).length, { timeout: 10_000 }).toBe(1);
    listenerOfA = (await listenerPids(database))[0] ?? 0;
    b = startInstance(PORT_B, url.toString(), false);
    await waitForServer(PORT_B, b);
  });

  test.afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    if (reachable) {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    }
  });

  test('a reply through B appears on A’s page; a killed listener is survived with a resync', async ({
    page,
  }) => {
    test.skip(!reachable, `PostgreSQL is unreachable at ${PG_ADMIN_URL}: the two-instance test cannot run`);
    const apiA = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORT_A}` });
    const apiB = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORT_B}` });
    try {
      const topicId = await topicIdBySubject(apiA, 'תמונת נושא');
      await page.goto(`http://127.0.0.1:${PORT_A}/topic/${topicId}`);
      await expect(page.locator('.messages article.message').first()).toBeVisible();
      // The stream is open on A before B writes.
      await page.waitForTimeout(500);

      await reply(apiB, E2E_USER_TOKEN, topicId, `דרך מופע ב ${stamp}`);
      await expect(page.getByText(`דרך מופע ב ${stamp}`)).toBeVisible({ timeout: 2000 });

      const resynced = page.waitForRequest(
        (request) => new URL(request.url()).pathname === `/api/topic/${topicId}`,
        { timeout: 20_000 },
      );
      await withAdmin((client) => client.query('select pg_terminate_backend($1)', [listenerOfA]));
      // A reconnects its listener and sends its streams a resync: the page refetches, unasked.
      await resynced;
      await expect
        .poll(async () => (await listenerPids(database)).filter((pid) => pid !== listenerOfA).length, {
          timeout: 20_000,
        })
        .toBe(2);

      await reply(apiB, E2E_USER_TOKEN, topicId, `אחרי החיבור מחדש ${stamp}`);
      await expect(page.getByText(`אחרי החיבור מחדש ${stamp}`)).toBeVisible({ timeout: 2000 });
    } finally {
      await apiA.dispose();
      await apiB.dispose();
    }
  });
});
