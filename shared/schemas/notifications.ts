import { z } from 'zod';
import { bodyId, publicUser } from './common';
import { post } from './topics';
import { message } from './messages';

/** What a notification is about (docs: "What notifies whom"). */
export const NOTIFICATION_KINDS = [
  'reply',
  'quote',
  'mention',
  'like',
  'topic_moved',
  'topic_renamed',
  'topic_deleted',
  'message_deleted',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The categories a user chooses a delivery for, in edit profile. */
export const NOTIFICATION_CATEGORIES = ['replies', 'mentions', 'likes', 'moderation'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Which category's mail setting applies to a kind. A quote is a reply to one's message. */
export const CATEGORY_OF: Readonly<Record<NotificationKind, NotificationCategory>> = {
  reply: 'replies',
  quote: 'replies',
  mention: 'mentions',
  like: 'likes',
  topic_moved: 'moderation',
  topic_renamed: 'moderation',
  topic_deleted: 'moderation',
  message_deleted: 'moderation',
};

export const MAIL_DELIVERIES = ['immediate', 'digest', 'never'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

const delivery = z.enum(MAIL_DELIVERIES, { error: 'יש לבחור: מיד, סיכום יומי או אף פעם' });

/** GET and PUT /api/edit-profile/notifications: mail delivery per category. */
export const notificationPreferences = z.strictObject({
  replies: delivery.describe('a reply in my topic, a quote of my message'),
  mentions: delivery.describe('an @mention of my username'),
  likes: delivery.describe('likes of my messages, grouped per message and day'),
  moderation: delivery.describe('an admin moved, renamed or deleted my topic, or deleted my message'),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** Immediately for replies and mentions, never for likes. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  replies: 'immediate',
  mentions: 'immediate',
  likes: 'never',
  moderation: 'immediate',
};

export const notification = z.object({
  id: z.number().int().describe('newest first; pass the last one to /more/{id}'),
  kind: z.enum(NOTIFICATION_KINDS),
  actorId: z.number().int().nullable().describe('who did it (the latest liker); in `users`'),
  actorCount: z.number().int().describe('how many users it speaks for: likers of a like group'),
  topicId: z.number().int().nullable(),
  messageId: z.number().int().nullable().describe('the message it is about; null when it is gone'),
  forumId: z.number().int().nullable(),
  subject: z.string().describe("the topic's subject (plain text)"),
  date: z.string().describe('ISO 8601'),
  read: z.boolean(),
  link: z
    .string()
    .nullable()
    .describe('client path of the message, /topic/{id}?message={messageId}; null for deleted content'),
  text: z.string().describe('the Hebrew sentence, e.g. "דני ועוד 3 אהבו את ההודעה שלך"'),
});
export type Notification = z.infer<typeof notification>;

/** GET /api/notifications and /api/notifications/more/{id}. */
export const notificationsResponse = z.object({
  notifications: z.array(notification),
  hasMoreNotifications: z.boolean(),
  unreadCount: z.number().int(),
  users: z.array(publicUser),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const unreadCountResponse = z.object({ unreadCount: z.number().int() });

/** POST /api/notifications/read: the user is looking at these messages of this topic. */
export const markReadBody = z.strictObject({
  topicId: bodyId('מזהה הנושא'),
  messageIds: z
    .array(bodyId('מזהה ההודעה'))
    .max(100, { error: 'אפשר לסמן עד 100 הודעות בפעם אחת' })
    .default([]),
});

/** GET /api/users/mention-lookup?prefix=: who an @ could mean. */
export const mentionLookupQuery = z.object({
  prefix: z
    .string()
    .trim()
    .min(2, { error: 'יש להקליד לפחות 2 אותיות' })
    .max(30, { error: 'שם המשתמש יכול להכיל עד 30 תווים' }),
});
export const mentionLookupResponse = z.object({ users: z.array(publicUser) });

/**
 * GET /api/topic/{id}/at/{messageId}: the topic answer with the page of replies that holds the
 * message; `hasMoreMessages` says whether older replies exist, `hasNewerMessages` whether newer do.
 */
export const topicAtResponse = z.object({
  messages: z.array(message),
  mainMessage: message,
  hasMoreMessages: z.boolean(),
  hasNewerMessages: z.boolean(),
  /** The first reply after this page, which opens the next page up; null on the newest page. */
  newerMessageId: z.number().int().nullable(),
  post,
  users: z.array(publicUser),
});
export type TopicAtResponse = z.infer<typeof topicAtResponse>;
