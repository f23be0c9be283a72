import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS } from '../../../shared/errors';
import { HttpError } from '../../http-error';
import { countRequests, deleteStaleCounters } from './rate-limit.repository';
import type { RateLimitedAction } from './rate-limit.rules';

/** A 429 that says when to come back: the error handler sends `retryAfterSeconds` as Retry-After. */
export class RateLimitedError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(ERRORS.rate_limited.status, 'rate_limited', ERRORS.rate_limited.message);
  }
}

/** Longer than every window, so a deleted counter had already restarted. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_REQUESTS = 200;
let requestsSinceCleanup = 0;

/**
 * Counts a request under `key` and refuses it with a Hebrew 429 once more than `limit` were made
 * in the current window of `windowMs`. The counter lives in the database, so it holds across
 * instances and restarts. The key is stored hashed: no address or email is kept in clear.
 */
export function enforceRateLimit(
  app: FastifyInstance,
  key: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  return enforceRateLimits(app, [{ key, limit, windowMs }]);
}

/** One counter of enforceRateLimits. */
export interface RateLimitCounter {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * enforceRateLimit for several counters of one request, counted in one statement: one round trip
 * and, on SQLite, one commit, in a write path that takes turns with every other write. Every
 * counter counts the request; the first over its limit refuses it.
 */
export async function enforceRateLimits(
  app: FastifyInstance,
  counters: readonly RateLimitCounter[],
): Promise<void> {
  if (counters.length === 0) return;
  const now = app.clock.now();
  requestsSinceCleanup += 1;
  if (requestsSinceCleanup >= CLEANUP_EVERY_REQUESTS) {
    requestsSinceCleanup = 0;
    await deleteStaleCounters(app.db, now - STALE_AFTER_MS);
  }
  const hashed = counters.map((counter) => createHash('sha256').update(counter.key).digest('hex'));
  const counted = await countRequests(
    app.db,
    counters.map((counter, index) => ({ key: hashed[index] ?? '', windowMs: counter.windowMs })),
    now,
  );
  for (const [index, counter] of counters.entries()) {
    const result = counted.get(hashed[index] ?? '');
    if (result && result.count > counter.limit) {
      throw new RateLimitedError(
        Math.max(1, Math.ceil((result.windowStart + counter.windowMs - now) / 1000)),
      );
    }
  }
}

/**
 * Applies the configured limits of an action (RATE_LIMITS, see rate-limit.rules.ts) per client
 * IP and, when the request names one, per email. Call it before the captcha and the work.
 */
export async function enforceActionLimits(
  app: FastifyInstance,
  request: FastifyRequest,
  action: RateLimitedAction,
  email?: string,
): Promise<void> {
  const rules = app.config.rateLimits;
  const byIp = rules[`${action}.ip`];
  await enforceRateLimit(app, `${action}|ip|${request.ip}`, byIp.limit, byIp.windowMs);
  if (email !== undefined) {
    const byEmail = rules[`${action}.email`];
    await enforceRateLimit(
      app,
      `${action}|email|${email.trim().toLowerCase()}`,
      byEmail.limit,
      byEmail.windowMs,
    );
  }
}
