import { z } from 'zod';
import { passwordField } from './accounts';

/** GET /api/me/export (an addition to the spec): everything the site keeps of a user, as JSON. */
export const accountExport = z.object({
  exportedAt: z.string().describe('ISO time of the export'),
  profile: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    birthdate: z.string().nullable().describe('yyyy-mm-dd'),
    isAdmin: z.boolean(),
    joinedAt: z.string().describe('ISO time'),
    activatedAt: z.string().nullable(),
  }),
  topics: z.array(
    z.object({
      id: z.number().int(),
      forumId: z.number().int(),
      subject: z.string(),
      image: z.string(),
      replies: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.number().int(),
      topicId: z.number().int(),
      content: z.string().describe('the stored (sanitised) markup'),
      createdAt: z.string(),
      updatedAt: z.string().nullable(),
    }),
  ),
  likes: z.array(z.object({ messageId: z.number().int(), likedAt: z.string() })),
  readingPlaces: z
    .array(z.object({ topicId: z.number().int(), lastReadMessageId: z.number().int() }))
    .describe('per topic opened, the newest of its messages the user has seen'),
});
export type AccountExport = z.infer<typeof accountExport>;

/**
 * DELETE /api/me (an addition to the spec): the password again, and whether the messages go too.
 * Without `deleteMessages` they stay, shown as written by a deleted user.
 */
export const deleteAccountBody = z.object({
  password: passwordField,
  deleteMessages: z.boolean().default(false),
});

export const deleteAccountResponse = z.object({
  ok: z.literal(true),
  deletedTopics: z.number().int(),
  deletedMessages: z.number().int(),
});
