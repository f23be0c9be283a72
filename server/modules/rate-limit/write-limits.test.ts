import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test/databases';
import { createTopic, createUser, type TestUser } from '../../test/factories';
import { contentSnapshot } from '../../test/snapshot';
import { UNLIMITED_WRITES, parseRateLimits } from './rate-limit.rules';
import { containsLink } from './write-limits';

const LIMITS = [
  'reply.user=2/60',
  'reply.ip=3/60',
  'edit.user=1/60',
  'like.user=2/60',
  'topic.user=5/3600',
  'topic.newUser=1/3600',
  'link.newUser=1/3600',
  'login.email=1/60',
].join(',');
const HEBREW = /[\u0590-\u05FF]/;
const HOUR = 3_600_000;

/** A call as a browser at `ip` makes it, logged in as `user`. */
function as(ctx: TestContext, user: TestUser, ip = '10.9.0.1') {
  return (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: ip,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: 'XSRF-TOKEN=t',
        'x-xsrf-token': 't',
        authorization: `Bearer ${user.token}`,
      },
    });
}

describeEachDatabase(
  'write rate limits',
  (ctx) => {
    /** An account made two hours ago by the test clock: past its first hour. */
    const oldUser = () => createUser(ctx.db, { now: ctx.clock.now() - 2 * HOUR });

    async function expectLimited(
      send: () => Promise<{ statusCode: number; headers: Record<string, unknown>; json: () => unknown }>,
      windowSeconds: number,
    ) {
      const before = await contentSnapshot(ctx.db);
      const response = await send();
      expect(response.statusCode).toBe(429);
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      expect(response.json()).toMatchObject({
        error: 'rate_limited',
        message: expect.stringMatching(HEBREW),
      });
      expect(await contentSnapshot(ctx.db)).toEqual(before);
    }

    it('limits replies per user with a Retry-After, and lets the user write again when it has passed', async () => {
      const user = await oldUser();
      const { topic } = await createTopic(ctx.db, { userId: user.user.id });
      const reply = () =>
        as(ctx, user, '10.9.1.1')('POST', '/api/message', { topicId: topic.id, content: '<p>תגובה</p>' });
      expect((await reply()).statusCode).toBe(200);
      ctx.clock.advance(20_000);
      expect((await reply()).statusCode).toBe(200);
      await expectLimited(reply, 60);
      const limited = await reply();
      // The window began 20 s before: 40 s remain.
      expect(Number(limited.headers['retry-after'])).toBe(40);
      ctx.clock.advance(40_001);
      expect((await reply()).statusCode).toBe(200);
    });

    it('limits replies per address across users', async () => {
      const { topic } = await createTopic(ctx.db, { userId: (await oldUser()).user.id });
      const users = await Promise.all([oldUser(), oldUser(), oldUser(), oldUser()]);
      const send = (user: TestUser) =>
        as(ctx, user, '10.9.2.2')('POST', '/api/message', { topicId: topic.id, content: '<p>תגובה</p>' });
      for (const user of users.slice(0, 3)) expect((await send(user)).statusCode).toBe(200);
      const last = users[3] as TestUser;
      await expectLimited(() => send(last), 60);
      // The same user from another address is not limited.
      expect(
        (await as(ctx, last, '10.9.2.3')('POST', '/api/message', { topicId: topic.id, content: '<p>x</p>' }))
          .statusCode,
      ).toBe(200);
    });

    it('limits edits and likes per user', async () => {
      const user = await oldUser();
      const { topic, mainMessage } = await createTopic(ctx.db, { userId: user.user.id });
      const call = as(ctx, user, '10.9.3.3');
      const edit = () => call('PUT', '/api/message', { messageId: mainMessage.id, content: '<p>ערוך</p>' });
      expect((await edit()).statusCode).toBe(200);
      await expectLimited(edit, 60);
      const like = () => call('GET', `/api/message/like/${topic.id}`);
      expect((await like()).statusCode).toBe(200);
      expect((await like()).statusCode).toBe(200);
      await expectLimited(like, 60);
    });

    it('gives a brand-new account one topic and one linked message in its first hour', async () => {
      const fresh = await createUser(ctx.db, { now: ctx.clock.now() });
      const call = as(ctx, fresh, '10.9.4.4');
      const newTopic = (message: string) =>
        call('POST', '/api/topic', { subject: 'נושא', message, forumId: 2 });
      const first = await newTopic('<p>שלום</p>');
      expect(first.statusCode).toBe(200);
      await expectLimited(() => newTopic('<p>עוד</p>'), 3600);

      const topicId = first.json().post.id as number;
      const reply = (content: string) => call('POST', '/api/message', { topicId, content });
      expect((await reply('<p>ראו https://example.com</p>')).statusCode).toBe(200);
      ctx.clock.advance(60_001);
      await expectLimited(() => reply('<p><a href="https://spam.example">קנו</a></p>'), 3600);
      expect((await reply('<p>בלי קישור</p>')).statusCode).toBe(200);

      // An hour later the account is no longer new.
      ctx.clock.advance(HOUR);
      expect((await newTopic('<p>נושא שני</p>')).statusCode).toBe(200);
      expect((await reply('<p>www.example.com</p>')).statusCode).toBe(200);
    });

    it('answers a guest 401 before counting anything', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/message',
        payload: JSON.stringify({ topicId: 1, content: '<p>x</p>' }),
        headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      });
      expect(response.statusCode).toBe(401);
    });

    it('sends Retry-After with the account limits too', async () => {
      const login = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.9.5.5',
          payload: JSON.stringify({ email: 'limited@example.test', password: 'x' }),
          headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
        });
      await login();
      const limited = await login();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });
  },
  { config: { RATE_LIMITS: LIMITS } },
);

describe('write limit settings', () => {
  it('reads per-user and new-account rules, and UNLIMITED_WRITES lifts every write limit', () => {
    const rules = parseRateLimits('reply.user=4/60,topic.newUser=1/3600');
    expect(rules['reply.user']).toEqual({ limit: 4, windowMs: 60_000 });
    expect(rules['topic.newUser']).toEqual({ limit: 1, windowMs: 3_600_000 });
    const lifted = parseRateLimits(UNLIMITED_WRITES);
    for (const name of ['topic.user', 'reply.ip', 'edit.user', 'like.ip', 'link.newUser'] as const) {
      expect(lifted[name].limit).toBeGreaterThanOrEqual(1_000_000);
    }
    expect(lifted['login.ip']).toEqual(parseRateLimits(undefined)['login.ip']);
  });

  it.each([
    ['<p><a href="https://x.example">x</a></p>', true],
    ['<p>see http://x.example</p>', true],
    ['<p>www.example.com</p>', true],
    ['<p>שלום</p>', false],
  ])('containsLink(%j) is %s', (markup, expected) => {
    expect(containsLink(markup)).toBe(expected);
  });
});
