import { z } from 'zod';
import { LIMITS } from '../limits';
import { VALIDATION_MESSAGES } from '../validation-messages';
import { publicUser, bodyId } from './common';
import { message, messageContent } from './messages';
import { cleanString } from '../text';

/** A topic as lists show it (docs/product.md §3: "post"). */
export const post = z.object({
  id: z.number().int().describe('equals the id of the main message'),
  forumId: z.number().int(),
  userId: z.number().int(),
  subject: z.string().describe('plain text: render it as text, never as HTML'),
  image: z.string().describe('image name; ends in "big" or "small" before the extension'),
  date: z.string().describe('creation time, ISO 8601'),
  message: z.string().describe('plain-text preview of the main message'),
  replies: z.number().int(),
  timestamp: z
    .number()
    .int()
    .describe(
      'last-activity order key, unique: floor(timestamp / 1000) is the time (ms) of the newest message; pass it back to /more/{timestamp}',
    ),
});
export type Post = z.infer<typeof post>;

export const postsResponse = z.object({
  posts: z.array(post),
  hasMorePosts: z.boolean(),
  users: z.array(publicUser),
});
export type PostsResponse = z.infer<typeof postsResponse>;

/**
 * GET /api/topic/{id}: the main message, the newest page of replies in ascending id order, the
 * topic and the authors. POST /api/topic answers the same shape for the topic it created.
 */
export const topicResponse = z.object({
  messages: z.array(message).describe('replies, ascending by id; the main message is not among them'),
  mainMessage: message,
  hasMoreMessages: z.boolean(),
  post,
  users: z.array(publicUser),
});
export type TopicResponse = z.infer<typeof topicResponse>;

/** A subject as typed: trimmed, 1 to 40 characters (docs/product.md §5). */
export const subjectText = cleanString(z.string({ error: VALIDATION_MESSAGES.emptySubject }))
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.emptySubject })
  .max(LIMITS.subjectMaxLength, { error: VALIDATION_MESSAGES.subjectTooLong });

const forumId = bodyId('מזהה הפורום');

/** POST /api/topic/ */
export const newTopicBody = z.strictObject({
  subject: subjectText,
  message: messageContent,
  forumId,
});
export type NewTopicBody = z.infer<typeof newTopicBody>;

/** PUT /api/topic/move (admin). Answer: the moved post. */
export const moveTopicBody = z.strictObject({ topicId: bodyId('מזהה הנושא'), forumId });
export type MoveTopicBody = z.infer<typeof moveTopicBody>;

/** PUT /api/topic/subject (admin). Answer: the updated post. */
export const editSubjectBody = z.strictObject({ topicId: bodyId('מזהה הנושא'), subject: subjectText });
export type EditSubjectBody = z.infer<typeof editSubjectBody>;
