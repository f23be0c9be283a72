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
