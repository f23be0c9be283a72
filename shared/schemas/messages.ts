import { z } from 'zod';
import { LIMITS } from '../limits';
import { VALIDATION_MESSAGES } from '../validation-messages';
import { bodyId, publicUser } from './common';
import { cleanString } from '../text';

export const message = z.object({
  id: z.number().int(),
  topicId: z.number().int(),
  userId: z.number().int(),
  content: z.string().describe('sanitised HTML'),
  date: z.string().describe('creation time, ISO 8601'),
  likes: z.array(z.number().int()).describe('ids of the users who like it'),
});
export type Message = z.infer<typeof message>;

/**
 * Message markup as sent by the writer. Only the length is checked here; emptiness is judged on
 * the sanitised HTML by the server (docs/product.md §5: empty after removing br, div and p and trimming).
 */
export const messageContent = cleanString(z.string({ error: VALIDATION_MESSAGES.emptyMessage })).max(
  LIMITS.messageMaxLength,
  { error: VALIDATION_MESSAGES.messageTooLong },
);

/** POST /api/message: a reply. Answer: the saved message. */
export const newMessageBody = z.strictObject({
  topicId: bodyId('מזהה הנושא'),
  content: messageContent,
});
export type NewMessageBody = z.infer<typeof newMessageBody>;

/** PUT /api/message/: an edit by the author or an admin. Answer: the updated message. */
export const editMessageBody = z.strictObject({
  messageId: bodyId('מזהה ההודעה'),
  content: messageContent,
});
export type EditMessageBody = z.infer<typeof editMessageBody>;

/** GET /api/message/like/{id}: the like was toggled; `likes` is the new list of user ids. */
export const likeResponse = z.object({
  messageId: z.number().int(),
  likes: z.array(z.number().int()),
});
export type LikeResponse = z.infer<typeof likeResponse>;

/** GET /api/topic/{id}/more/{lastMessageId}: the page of replies older than that id, ascending. */
export const moreMessagesResponse = z.object({
  messages: z.array(message),
  hasMoreMessages: z.boolean(),
  users: z.array(publicUser),
});
export type MoreMessagesResponse = z.infer<typeof moreMessagesResponse>;
