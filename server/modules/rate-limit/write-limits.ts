import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enforceRateLimits, type RateLimitCounter } from './rate-limit.service';
import { NEW_ACCOUNT_MS, type RateLimitRuleName, type WriteAction } from './rate-limit.rules';

/** A link in message markup: an anchor, or an address typed as text. */
const LINK = /<a\s[^>]*href|https?:\/\/|www\./i;

export function containsLink(markup: string): boolean {
  return LINK.test(markup);
}

/**
 * Counts a write (new topic, reply, edit, like) against the configured limits per user and per
 * address, and, for an account in its first hour, the tighter limits on new topics and on messages
 * holding links. Call it from the route (a preHandler), before the service runs: a guest is left to
 * the handler's own 401. Counters live in the database, so the limits hold across instances.
 */
export async function limitWrite(
  app: FastifyInstance,
  request: FastifyRequest,
  action: WriteAction,
  markup?: string,
): Promise<void> {
  const user = request.user;
  if (!user) return;
  const counters: RateLimitCounter[] = [];
  const count = (name: RateLimitRuleName, who: string | number) => {
    const rule = app.config.rateLimits[name];
    counters.push({ key: `${name}|${who}`, limit: rule.limit, windowMs: rule.windowMs });
  };
  count(`${action}.user`, user.id);
  count(`${action}.ip`, request.ip);
  if (app.clock.now() - Number(user.created_at) < NEW_ACCOUNT_MS) {
    if (action === 'topic') count('topic.newUser', user.id);
    if (markup !== undefined && containsLink(markup)) count('link.newUser', user.id);
  }
  await enforceRateLimits(app, counters);
}
