import type { UserRow } from '../../db/database';
import { unauthorized } from '../../http-error';

/** The spec's words for a guest who tries to search (§2). */
export const SEARCH_LOGIN_MESSAGE = 'יש להתחבר לאתר כדי לבצע חיפוש';

/** Search is for logged-in users only (spec §6): any user may search, a guest may not. */
export function assertMaySearch(user: UserRow | null): UserRow {
  if (!user) throw unauthorized(SEARCH_LOGIN_MESSAGE);
  return user;
}
