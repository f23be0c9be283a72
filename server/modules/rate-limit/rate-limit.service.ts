import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS } from '../../../shared/errors';
import { HttpError } from '../../http-error';
import { countRequest, deleteStaleCounters } from './rate-limit.repository';
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
export async function enforceRateLimit(
  app: FastifyInstance,
  key: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  const now = app.clock.now();
  requestsSinceCleanup += 1;
  if (requestsSinceCleanup >= CLEANUP_EVERY_REQUESTS) {
    requestsSinceCleanup = 0;
    await deleteStaleCounters(app.db, now - STALE_AFTER_MS);
  }
  const hashedKey = createHash('sha256').update(key).digest('hex');
  const { count, windowStart } = await countRequest(app.db, hashedKey, now, windowMs);
  if (count > limit) {
    throw new RateLimitedError(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)));
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
