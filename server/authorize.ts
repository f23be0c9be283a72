import type { Actor } from '../shared/policies';
import { apiError } from './http-error';

/** A logged-in actor. */
export type Member = NonNullable<Actor>;

/**
 * Turns a decision of shared/policies.ts into the answer: nothing when allowed, 401 for a guest
 * (who may log in and then be allowed), 403 for a user who may not. Some refusals have their own
 * words, e.g. search for guests and the moderation queue for users.
 */
export function authorize(
  actor: Actor,
  allowed: boolean,
  refusal: { guest?: 'unauthorized' | 'search_login_required'; user?: 'forbidden' | 'moderators_only' } = {},
): asserts actor is Member {
  if (allowed && actor) return;
  throw apiError(actor ? (refusal.user ?? 'forbidden') : (refusal.guest ?? 'unauthorized'));
}
