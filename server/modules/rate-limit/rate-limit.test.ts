import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import type { HttpError } from '../../http-error';
import { solvedCaptcha } from '../../test/captcha';
import { describeEachDatabase, type TestContext } from '../../test/databases';
import { createUser } from '../../test/factories';
import { DEFAULT_RATE_LIMITS, parseRateLimits } from './rate-limit.rules';
import { enforceActionLimits, enforceRateLimit, enforceRateLimits } from './rate-limit.service';

const LIMITS =
  'login.ip=4/60,login.email=2/60,register.ip=2/60,forgotPassword.email=1/60,report.ip=2/60,report.email=1/60';
const hebrew = /[\u0590-\u05FF]/;

/** A call as a browser at `ip` makes it (the XSRF pair, JSON). */
function from(ctx: TestContext, ip: string, app = ctx.app) {
  return (url: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
    });
}

describeEachDatabase(
  'rate limits',
  (ctx) => {
    it('trips per email and per IP with a Hebrew 429, and recovers when the window ends', async () => {
      const a = from(ctx, '10.0.0.1');
      const b = from(ctx, '10.0.0.2');
      const { user } = await createUser(ctx.db);
      const login = (post: typeof a, email: string) =>
        post('/api/login', { email, password: 'wrong-password' });

      // Refused attempts count too: here they fail on the missing captcha after being counted.
      expect((await login(a, user.email)).statusCode).toBe(400);
      expect((await login(a, user.email)).statusCode).toBe(400);
      const limited = await login(a, user.email.toUpperCase());
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toBe('rate_limited');
      expect(limited.json().message).toMatch(hebrew);
      // Per email: another address is refused for this account too.
      expect((await login(b, user.email)).statusCode).toBe(429);

      // Per IP: other emails from the same address, up to the IP's limit of 4.
      expect((await login(a, 'someone@example.test')).statusCode).toBe(400);
      expect((await login(a, 'someone.else@example.test')).statusCode).toBe(429);
      expect((await login(b, 'someone.else@example.test')).statusCode).toBe(400);

      ctx.clock.advance(60_001);
      expect((await login(a, 'third@example.test')).statusCode).toBe(400);
      const recovered = await a('/api/login', {
        email: user.email,
        password: 'wrong-password',
        captcha: await solvedCaptcha(ctx.app),
      });
      expect(recovered.statusCode).toBe(401);
    });

    it('limits registration per IP and forgot password per email', async () => {
      const c = from(ctx, '10.0.0.3');
      const register = (n: number) =>
        c('/api/register', {
          username: `רישום${n}`,
          email: `r${n}@example.test`,
          password: 'password-1',
          birthdate: '01/01/1990',
        });
      expect((await register(1)).statusCode).toBe(400);
      expect((await register(2)).statusCode).toBe(400);
      expect((await register(3)).statusCode).toBe(429);

      const { user } = await createUser(ctx.db);
      expect((await c('/api/forgot-password', { email: user.email })).statusCode).toBe(400);
      expect((await from(ctx, '10.0.0.4')('/api/forgot-password', { email: user.email })).statusCode).toBe(
        429,
      );
    });

    it('counts in the database, so another instance on it sees the same counters', async () => {
      const second = await buildApp({
        config: ctx.config,
        db: ctx.db,
        clock: ctx.clock,
        logger: false,
        clientDir: '/nonexistent',
      });
      try {
        const email = 'shared@example.test';
        expect((await from(ctx, '10.0.0.5')('/api/login', { email, password: 'x' })).statusCode).toBe(400);
        expect((await from(ctx, '10.0.0.6', second)('/api/login', { email, password: 'x' })).statusCode).toBe(
          400,
        );
        expect((await from(ctx, '10.0.0.7')('/api/login', { email, password: 'x' })).statusCode).toBe(429);
        expect((await from(ctx, '10.0.0.8', second)('/api/login', { email, password: 'x' })).statusCode).toBe(
          429,
        );
      } finally {
        await second.close();
      }
    });

    it('enforceActionLimits applies the configured report limits per email and per IP', async () => {
      const request = (ip: string) => ({ ip }) as FastifyRequest;
      await enforceActionLimits(ctx.app, request('10.1.0.1'), 'report', 'reporter@example.test');
      await expect(
        enforceActionLimits(ctx.app, request('10.1.0.2'), 'report', 'Reporter@Example.test'),
      ).rejects.toMatchObject({ statusCode: 429 });
      await enforceActionLimits(ctx.app, request('10.1.0.1'), 'report', 'other@example.test');
      await expect(
        enforceActionLimits(ctx.app, request('10.1.0.1'), 'report', 'third@example.test'),
      ).rejects.toMatchObject({ statusCode: 429 });
      ctx.clock.advance(60_001);
      await expect(
        enforceActionLimits(ctx.app, request('10.1.0.1'), 'report', 'reporter@example.test'),
      ).resolves.toBeUndefined();
    });

    it('enforceRateLimit refuses past the limit within a window and allows again after it', async () => {
      const key = `report|ip|${Math.random()}`;
      await enforceRateLimit(ctx.app, key, 2, 1_000);
      await enforceRateLimit(ctx.app, key, 2, 1_000);
      const refused = await enforceRateLimit(ctx.app, key, 2, 1_000).catch((error: HttpError) => error);
      expect(refused).toMatchObject({ statusCode: 429, code: 'rate_limited' });
      ctx.clock.advance(1_001);
      await expect(enforceRateLimit(ctx.app, key, 2, 1_000)).resolves.toBeUndefined();
      await expect(enforceRateLimit(ctx.app, key, 2, 1_000)).resolves.toBeUndefined();
      await expect(enforceRateLimit(ctx.app, key, 2, 1_000)).rejects.toMatchObject({ statusCode: 429 });
    });

    it('enforceRateLimits counts the request on every counter and refuses when any is past its limit', async () => {
      const tight = `reply.user|${Math.random()}`;
      const loose = `reply.ip|${Math.random()}`;
      const both = [
        { key: tight, limit: 1, windowMs: 1_000 },
        { key: loose, limit: 3, windowMs: 1_000 },
      ];
      await enforceRateLimits(ctx.app, both);
      await expect(enforceRateLimits(ctx.app, both)).rejects.toMatchObject({ statusCode: 429 });
      // The refused request counted on the loose counter too: one more fills it, the next is refused.
      await enforceRateLimit(ctx.app, loose, 3, 1_000);
      await expect(enforceRateLimit(ctx.app, loose, 3, 1_000)).rejects.toMatchObject({ statusCode: 429 });
    });

    it('enforceRateLimits keeps each counter of one statement to its own window', async () => {
      const short = `reply.user|${Math.random()}`;
      const long = `link.newUser|${Math.random()}`;
      const both = [
        { key: short, limit: 1, windowMs: 1_000 },
        { key: long, limit: 2, windowMs: 60_000 },
      ];
      await enforceRateLimits(ctx.app, both);
      ctx.clock.advance(1_001);
      // The short window restarted; the long one counts on.
      await enforceRateLimits(ctx.app, both);
      ctx.clock.advance(1_001);
      await expect(enforceRateLimits(ctx.app, both)).rejects.toMatchObject({
        statusCode: 429,
        retryAfterSeconds: 58,
      });
    });
  },
  { config: { RATE_LIMITS: LIMITS } },
);

describe('RATE_LIMITS setting', () => {
  it('overrides the named limits and keeps the defaults of the others', () => {
    const rules = parseRateLimits('login.ip=3/60, report.email=7/3600');
    expect(rules['login.ip']).toEqual({ limit: 3, windowMs: 60_000 });
    expect(rules['report.email']).toEqual({ limit: 7, windowMs: 3_600_000 });
    expect(rules['register.ip']).toEqual(DEFAULT_RATE_LIMITS['register.ip']);
    expect(parseRateLimits(undefined)).toEqual(DEFAULT_RATE_LIMITS);
  });

  it.each(['login=3/60', 'login.ip=3', 'login.ip=0/60', 'login.ip=3/0', 'nothing.ip=1/1', 'login.ip=-1/60'])(
    'stops start-up on %j with a clear line',
    (value) => {
      expect(() => loadConfig({ SECRET_KEY: 'x'.repeat(32), RATE_LIMITS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ SECRET_KEY: 'x'.repeat(32), RATE_LIMITS: value })).toThrow(/RATE_LIMITS/);
    },
  );
});
