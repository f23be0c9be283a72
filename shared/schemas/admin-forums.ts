import { z } from 'zod';
import { bodyId } from './common';
import { forum } from './forums';

/** Limits of a forum's fields (an addition to the spec: admins run the forums). */
export const FORUM_LIMITS = { nameMaxLength: 40, descriptionMaxLength: 200, iconMaxLength: 32 } as const;

const oneLine = (text: string) => !/[\r\n]/.test(text);

export const forumName = z
  .string({ error: 'יש להזין שם לפורום' })
  .trim()
  .min(1, { error: 'יש להזין שם לפורום' })
  .max(FORUM_LIMITS.nameMaxLength, { error: `שם הפורום יכול להכיל עד ${FORUM_LIMITS.nameMaxLength} תווים` })
  .refine(oneLine, { error: 'שם הפורום צריך להיות שורה אחת' });

/**
 * An emoji character: one of the writer's 14 or any other that Twemoji draws. The server checks
 * that Twemoji has a picture for it (forum_icon_invalid otherwise).
 */
export const forumIcon = z
  .string({ error: 'יש לבחור סמל לפורום' })
  .trim()
  .min(1, { error: 'יש לבחור סמל לפורום' })
  .max(FORUM_LIMITS.iconMaxLength, { error: 'הסמל של הפורום צריך להיות אימוג׳י אחד' });

export const forumDescription = z
  .string()
  .trim()
  .max(FORUM_LIMITS.descriptionMaxLength, {
    error: `התיאור יכול להכיל עד ${FORUM_LIMITS.descriptionMaxLength} תווים`,
  })
  .refine(oneLine, { error: 'התיאור צריך להיות שורה אחת' });

/** POST /api/admin/forums: a new forum, placed last. */
export const forumInput = z.object({ name: forumName, icon: forumIcon, description: forumDescription });
export type ForumInput = z.infer<typeof forumInput>;

/** PUT /api/admin/forums/{id}: any of the fields; the others stay. */
export const forumUpdate = forumInput.partial();
export type ForumUpdate = z.infer<typeof forumUpdate>;

/** PUT /api/admin/forums/order: every forum id once, in the new order. */
export const forumOrderBody = z.object({ ids: z.array(bodyId('מזהה הפורום')).min(1).max(1000) });

/** POST /api/admin/forums/{id}/merge: its topics go to `into`, then it is deleted. */
export const forumMergeBody = z.object({ into: bodyId('מזהה הפורום') });

export const forumMergeResponse = z.object({
  movedTopics: z.number().int().describe('how many topics moved'),
  forum: forum.describe('the forum they moved into'),
});

export const adminForumsResponse = z.array(
  forum.extend({ topics: z.number().int().describe('how many topics the forum holds') }),
);
