import { z } from 'zod';
import { ERRORS } from '../errors';
import { INTERNAL_EVENT_TYPE_NAMES } from '../event-types';

/** Most ids of one kind a stream may watch at once (a page shows one topic or one forum). */
export const MAX_WATCHED_IDS = 20;

export const EVENTS_MESSAGES = {
  badSubscription: 'בקשת העדכונים החיים אינה תקינה',
  emptySubscription: 'יש לבחור לפחות נושא, פורום, דף הבית, תור הדיווחים או התראות',
  tooManyIds: `אפשר לעקוב אחרי ${MAX_WATCHED_IDS} נושאים ופורומים לכל היותר בחיבור אחד`,
} as const;

/** `1,2,3`: up to MAX_WATCHED_IDS positive ids, each at most once. */
const idList = z
  .string({ error: EVENTS_MESSAGES.badSubscription })
  .regex(/^\d{1,15}(,\d{1,15})*$/, { error: EVENTS_MESSAGES.badSubscription })
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((ids) => ids.length <= MAX_WATCHED_IDS, { error: EVENTS_MESSAGES.tooManyIds })
  .refine((ids) => ids.every((id) => id > 0 && Number.isSafeInteger(id)), {
    error: EVENTS_MESSAGES.badSubscription,
  });

const flag = z.enum(['1'], { error: EVENTS_MESSAGES.badSubscription }).transform(() => true);

/**
 * GET /api/events: what the page shows. Every parameter is optional but at least one
 * subscription is needed; an unknown parameter is refused, so a typo is not silently ignored.
 */
export const eventsQuery = z
  .strictObject(
    {
      topic: idList.optional().describe('topic ids, comma-separated: replies, edits, likes, deletion'),
      forum: idList.optional().describe('forum ids, comma-separated: the forum lists'),
      home: flag.optional().describe('1: the home list (every forum)'),
      reports: flag.optional().describe('1: the report queue (admins, needs a ticket)'),
      notifications: flag.optional().describe('1: the user’s own notifications (needs a ticket)'),
      ticket: z
        .string({ error: ERRORS.event_ticket_invalid.message })
        .max(300, { error: ERRORS.event_ticket_invalid.message })
        .optional()
        .describe('from POST /api/events/ticket; needed only for reports and notifications'),
      lastEventId: z
        .string({ error: EVENTS_MESSAGES.badSubscription })
        .max(100, { error: EVENTS_MESSAGES.badSubscription })
        .optional()
        .describe(
          'resume after this event: when reopening by hand (EventSource sends Last-Event-ID itself), or from the position a server-rendered page carries (`live` in its server state)',
        ),
    },
    { error: EVENTS_MESSAGES.badSubscription },
  )
  .refine(
    (query) =>
      query.topic !== undefined ||
      query.forum !== undefined ||
      query.home !== undefined ||
      query.reports !== undefined ||
      query.notifications !== undefined,
    { error: EVENTS_MESSAGES.emptySubscription },
  );
export type EventsQuery = z.infer<typeof eventsQuery>;

/** POST /api/events/ticket: a short-lived pass for the stream, since EventSource sends no header. */
export const eventsTicketResponse = z.object({
  ticket: z.string(),
  expiresAt: z.number().int().describe('ms since the epoch; open the stream before then'),
});
export type EventsTicketResponse = z.infer<typeof eventsTicketResponse>;

const id = z.number().int().positive();

/**
 * What a write changed: kinds and ids only (readers load what they need; PostgreSQL NOTIFY
 * payloads must stay under 8000 bytes). The same objects travel on the server's bus and, for
 * the kinds a browser may see, as the `data` of a server-sent event named after `type`.
 */
export const forumEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['topic.created', 'topic.deleted', 'topic.updated']),
    topicId: id,
    forumId: id,
  }),
  z.object({ type: z.literal('topic.moved'), topicId: id, forumId: id, fromForumId: id }),
  z.object({
    type: z.enum(['message.created', 'message.updated', 'message.deleted', 'message.liked']),
    messageId: id,
    topicId: id,
    forumId: id,
  }),
  z.object({ type: z.enum(['report.created', 'report.closed']), reportId: id, messageId: id }),
  z.object({ type: z.literal('notification.created'), userId: id, notificationId: id }),
  z.object({ type: z.literal('session.revoked'), sessionId: id }),
  /** A forum was added, renamed, reordered, merged or deleted: every list of forums changed. */
  z.object({ type: z.literal('forums.changed') }),
  /** An admin changed the site settings (name, description, contact, footer links). */
  z.object({ type: z.literal('site.changed') }),
  /**
   * What every page shows of a user changed: their admin badge (given or taken), or their name and
   * picture (an account deleted, its messages kept under a deleted user's name).
   */
  z.object({ type: z.literal('user.changed'), userId: id }),
]);
export type ForumEvent = z.infer<typeof forumEvent>;
export type ForumEventType = ForumEvent['type'];

/** Kinds that never reach a browser (INTERNAL_EVENT_TYPE_NAMES), to look up. */
export const INTERNAL_EVENT_TYPES: ReadonlySet<ForumEventType> = new Set(INTERNAL_EVENT_TYPE_NAMES);

/**
 * Sent instead of events when some may have been missed (the server lost its event connection,
 * or Last-Event-ID is older than the replay window or from another instance): refetch what the
 * page shows.
 */
export const resyncEvent = z.object({ type: z.literal('resync') });
export type ResyncEvent = z.infer<typeof resyncEvent>;

// In a module without zod, so the client's entry can listen for events without loading zod.
export { STREAM_EVENT_TYPES } from '../event-types';
