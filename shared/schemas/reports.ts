import { z } from 'zod';
import { LIMITS } from '../limits';
import { VALIDATION_MESSAGES } from '../validation-messages';
import { captchaField, emailField } from './accounts';
import { publicUser, bodyId } from './common';
import { message } from './messages';
import { cleanString } from '../text';

/**
 * A message report (docs/product.md §3). The reason and the email are kept and sent as plain text, exactly
 * as typed (trimmed): the client renders them as text, never as HTML, so nothing needs escaping
 * on the way in and nothing is escaped twice.
 */
export const messageReport = z.object({
  id: z.number().int(),
  messageId: z.number().int(),
  content: z.string().describe('the reason, plain text: render it as text, never as HTML'),
  email: z.string().describe('the reporter’s email, plain text'),
  timestamp: z.number().int().describe('when it was sent, ms since the epoch'),
  isOpen: z.boolean(),
  messageDeleted: z
    .boolean()
    .describe('the reported message no longer exists: show "- the message was deleted -"'),
});
export type MessageReport = z.infer<typeof messageReport>;

/** A report reason as typed (docs/product.md §5): at least 5 characters after trimming. */
export const reportReason = cleanString(z.string({ error: VALIDATION_MESSAGES.reportTooShort }))
  .trim()
  .min(LIMITS.reportReasonMinLength, { error: VALIDATION_MESSAGES.reportTooShort })
  .max(LIMITS.reportReasonMaxLength, { error: VALIDATION_MESSAGES.reportTooLong });

/**
 * POST /api/messageReport (guests too). The client sends the whole §3 report; the server assigns
 * the id and the time and opens it, so those three fields are accepted and ignored.
 */
export const newReportBody = z.strictObject({
  report: z.strictObject({
    id: z.number().nullable().optional().describe('ignored: the server assigns it'),
    messageId: bodyId('מזהה ההודעה'),
    content: reportReason,
    email: emailField,
    timestamp: z.number().nullable().optional().describe('ignored: the server sets it'),
    isOpen: z.boolean().nullable().optional().describe('ignored: a new report is open'),
  }),
  captcha: captchaField,
});
export type NewReportBody = z.infer<typeof newReportBody>;

/**
 * GET /api/messageReport and its more (admins): the open reports, newest first, 7 a page. Closed
 * reports leave this moderation queue. `messages` holds the reported messages that still exist;
 * `users` their authors.
 */
export const messageReportsResponse = z.object({
  messages: z.array(message),
  reports: z.array(messageReport),
  hasMoreMessageReports: z.boolean(),
  users: z.array(publicUser),
});
export type MessageReportsResponse = z.infer<typeof messageReportsResponse>;
