import { z } from 'zod';
import { publicUser } from './common';

/** What an admin did (docs/product.md §6). */
export const moderationActions = [
  'topic_moved',
  'topic_renamed',
  'topic_image_refreshed',
  'topic_deleted',
  'message_edited',
  'message_deleted',
  'report_closed',
  'forum_merged',
  'forum_deleted',
  'member_suspended',
  'member_unsuspended',
  'member_messages_deleted',
  'admin_granted',
  'admin_revoked',
] as const;
export const moderationAction = z.enum(moderationActions);
export type ModerationAction = z.infer<typeof moderationAction>;

/** Small facts kept beside an entry: forum names at the time, a report's reason, counts. */
export const moderationDetails = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type ModerationDetails = z.infer<typeof moderationDetails>;

/** One entry of the moderation log (admins only). */
export const moderationEntry = z.object({
  id: z.number().int(),
  adminId: z.number().int().nullable().describe('the admin who acted; their username is in `users`'),
  action: moderationAction,
  createdAt: z.number().int().describe('ms since the epoch'),
  topicId: z.number().int().nullable(),
  messageId: z.number().int().nullable(),
  forumId: z.number().int().nullable(),
  userId: z.number().int().nullable().describe('the member acted on; their username is in `users`'),
  topic: z
    .object({ id: z.number().int(), subject: z.string(), link: z.string() })
    .nullable()
    .describe('the topic as it is now (subject and page link), or null when it no longer exists'),
  beforeText: z
    .string()
    .nullable()
    .describe(
      'the subject (plain text) or message HTML before the change; for a deleted message its last text. Sanitise message HTML before showing it',
    ),
  afterText: z.string().nullable().describe('the subject or message HTML after the change, where useful'),
  details: moderationDetails,
});
export type ModerationEntry = z.infer<typeof moderationEntry>;

/** GET /api/moderation-log and its more: 7 entries a page, newest first, with the admins and members named. */
export const moderationLogResponse = z.object({
  entries: z.array(moderationEntry),
  hasMoreEntries: z.boolean(),
  users: z.array(publicUser),
});
export type ModerationLogResponse = z.infer<typeof moderationLogResponse>;
