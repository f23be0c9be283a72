import type { UserRow } from '../../db/database';
import { forbidden, unauthorized } from '../../http-error';

/**
 * Who may do what with message reports (spec §6): anyone, a guest too, may report a message (the
 * captcha stands in for a login); only admins see the reports and close them.
 */
export const reportPolicy = {
  create: (_actor: UserRow | null) => true,
  moderate: (actor: UserRow | null) => actor?.is_admin === 1,
};

export const MODERATORS_ONLY_MESSAGE = 'רק מנהלי האתר רשאים לצפות בדיווחים ולסגור אותם';

/** 401 for a guest (who may log in as an admin), 403 for a user who is not an admin. */
export function assertMayModerate(actor: UserRow | null): UserRow {
  if (!actor) throw unauthorized();
  if (!reportPolicy.moderate(actor)) throw forbidden(MODERATORS_ONLY_MESSAGE);
  return actor;
}
