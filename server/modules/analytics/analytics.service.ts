import type { AnalyticsBody } from '../../../shared/schemas/analytics';
import type { Deps } from '../../deps';
import { insertAnalyticsEvent } from './analytics.repository';

/**
 * Page views and events one address may record per minute: far above a reader's pace, low enough
 * that a script cannot fill the table.
 */
export const ANALYTICS_LIMIT_PER_MINUTE = 240;

/** Stores one page view or event, with the user when logged in; never the address. */
export async function recordAnalytics(deps: Deps, userId: number | null, body: AnalyticsBody) {
  await insertAnalyticsEvent(deps.db, {
    kind: body.kind,
    name: body.kind === 'event' ? body.name : null,
    path: body.path,
    label: body.kind === 'event' ? (body.label ?? null) : null,
    user_id: userId,
    created_at: deps.clock.now(),
  });
}
