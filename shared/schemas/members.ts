import { z } from 'zod';
import { LIMITS } from '../limits';

/** Limits of the members screen (an addition to the spec: admins manage members). */
export const MEMBER_LIMITS = { queryMaxLength: 100, reasonMinLength: 3, reasonMaxLength: 500 } as const;

/** A suspension: until a time (ms since the epoch), or for good when `until` is null. */
export const suspension = z.object({
  until: z.number().int().nullable().describe('end of the suspension, ms since the epoch; null: for good'),
  reason: z.string(),
});
export type Suspension = z.infer<typeof suspension>;

/** A member as an admin sees it: more than other users see (email, join date, message count). */
export const member = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().describe('empty for a deleted account'),
  isAdmin: z.boolean(),
  isActive: z.boolean().describe('false until the activation link was opened'),
  joinedAt: z.number().int().describe('ms since the epoch'),
  messages: z.number().int().describe('how many messages they wrote, main messages included'),
  suspension: suspension.nullable().describe('null when not suspended now'),
  deleted: z.boolean().describe('the owner deleted the account'),
});
export type Member = z.infer<typeof member>;

/**
 * GET /api/admin/users?q=…&after=…: members whose name or email contains `q` (any case), by
 * name, `LIMITS.pageSize` at a time; `after` is the `next` of the previous page (keyset, no OFFSET).
 */
export const memberSearchQuery = z.object({
  q: z.string().trim().max(MEMBER_LIMITS.queryMaxLength).default(''),
  after: z.string().max(200).optional().describe('the `next` cursor of the previous page'),
});

export const memberSearchResponse = z.object({
  users: z.array(member),
  hasMore: z.boolean(),
  next: z.string().nullable().describe('pass as `after` for the next page; null on the last page'),
});

/** POST /api/admin/users/{id}/suspension */
export const suspendBody = z.object({
  until: z
    .number()
    .int()
    .positive()
    .max(8.64e15)
    .nullable()
    .describe('end of the suspension, ms since the epoch, in the future; null: for good'),
  reason: z
    .string({ error: 'יש לכתוב סיבה להשעיה' })
    .trim()
    .min(MEMBER_LIMITS.reasonMinLength, { error: 'יש לכתוב סיבה להשעיה' })
    .max(MEMBER_LIMITS.reasonMaxLength, {
      error: `הסיבה יכולה להכיל עד ${MEMBER_LIMITS.reasonMaxLength} תווים`,
    }),
});

/** PUT /api/admin/users/{id}/admin */
export const adminRoleBody = z.object({ isAdmin: z.boolean() });

/** POST /api/admin/users/{id}/delete-messages */
export const deletedMessagesResponse = z.object({
  deletedTopics: z.number().int().describe('topics they opened, deleted with every reply in them'),
  deletedMessages: z.number().int().describe('their replies in other topics'),
});

export const MEMBERS_PAGE_SIZE = LIMITS.pageSize;
