import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnalyticsBody } from '../../../shared/schemas/analytics';
import { enforceRateLimit } from '../rate-limit/rate-limit.service';
import { insertAnalyticsEvent } from './analytics.repository';

/**
 * Page views and events one address may record per minute: far above a reader's pace, low enough
 * that a script cannot fill the table.
 */
export const ANALYTICS_LIMIT_PER_MINUTE = 240;

/** Stores one page view or event, with the user when logged in; never the address. */
export async function recordAnalytics(app: FastifyInstance, request: FastifyRequest, body: AnalyticsBody) {
  await enforceRateLimit(app, `analytics|ip|${request.ip}`, ANALYTICS_LIMIT_PER_MINUTE, 60_000);
  await insertAnalyticsEvent(app.db, {
    kind: body.kind,
    name: body.kind === 'event' ? body.name : null,
    path: body.path,
    label: body.kind === 'event' ? (body.label ?? null) : null,
    user_id: request.user?.id ?? null,
    created_at: app.clock.now(),
  });
}
