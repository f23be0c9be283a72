import { z } from 'zod';
import { cleanString } from '../text';

/**
 * The largest id a row can have: ids are 32-bit integers on PostgreSQL (SQLite would take more), so
 * a larger one is refused as invalid rather than sent to a database that cannot compare it.
 */
export const MAX_ID = 2_147_483_647;

/** A positive database id in a path, e.g. `/api/topic/{id}`. */
export const idParam = z.coerce
  .number({ error: 'מזהה לא תקין' })
  .int({ error: 'מזהה לא תקין' })
  .positive({ error: 'מזהה לא תקין' })
  .max(MAX_ID, { error: 'מזהה לא תקין' });

/** A body id: a positive integer, not a numeric string, no larger than MAX_ID. */
export const bodyId = (what: string) =>
  z
    .number({ error: `${what} לא תקין` })
    .int({ error: `${what} לא תקין` })
    .positive({ error: `${what} לא תקין` })
    .max(MAX_ID, { error: `${what} לא תקין` });

/** A keyset cursor in a path, e.g. `/more/{timestamp}`. */
export const cursorParam = z.coerce
  .number({ error: 'ערך המשך לא תקין' })
  .int({ error: 'ערך המשך לא תקין' })
  .nonnegative({ error: 'ערך המשך לא תקין' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'ערך המשך לא תקין' });

/** A text path parameter, e.g. an image or avatar file name: cleaned like every stored text. */
export const textParam = cleanString().max(1_000, { error: 'הכתובת ארוכה מדי' });

/** The body of every error answer (DESIGN.md). */
export const errorBody = z.object({
  error: z.string().describe('machine-readable code, e.g. not_found'),
  message: z.string().describe('Hebrew text for the user'),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A user as other users see it (docs/product.md §3). */
export const publicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  isAdmin: z.boolean(),
  avatar: z.string().describe('URL of the generated avatar'),
});
export type PublicUser = z.infer<typeof publicUser>;
