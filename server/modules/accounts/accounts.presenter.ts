import { formatBirthdate } from '../../../shared/birthdate';
import type { OwnUser } from '../../../shared/schemas/accounts';
import type { UserRow } from '../../db/database';
import { presentUser } from '../users/users.presenter';

/** The user as they see themselves: the §3 user plus the email and the birthdate as dd/mm/yyyy. */
export function presentOwnUser(row: UserRow): OwnUser {
  return { ...presentUser(row), email: row.email, birthdate: isoToBirthdate(row.birthdate) };
}

/** Stored `yyyy-mm-dd` to the form's `dd/mm/yyyy`. */
function isoToBirthdate(iso: string | null): string | null {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return null;
  return formatBirthdate({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) });
}
