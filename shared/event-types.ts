import type { ForumEventType } from './schemas/events';

/** Every named event on GET /api/events, for the client's listeners. */
export const STREAM_EVENT_TYPES = [
  'topic.created',
  'topic.deleted',
  'topic.updated',
  'topic.moved',
  'message.created',
  'message.updated',
  'message.deleted',
  'message.liked',
  'report.created',
  'report.closed',
  'notification.created',
  'resync',
] as const satisfies readonly (ForumEventType | 'resync')[];

/**
 * Kinds that never reach a browser: the server acts on them (closing a logged-out user's streams,
 * dropping cached pages after an admin's change of forums, settings or a user's role, or a deleted
 * account).
 */
export const INTERNAL_EVENT_TYPE_NAMES = [
  'session.revoked',
  'forums.changed',
  'site.changed',
  'user.changed',
] as const satisfies readonly ForumEventType[];
export type InternalEventType = (typeof INTERNAL_EVENT_TYPE_NAMES)[number];
