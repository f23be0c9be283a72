import type { AuthResponse } from '../../../../shared/schemas/accounts';
import { apiFetch } from '../../../lib/api-client';
import { Section, trackLoad, useLoadStatus } from '../../../lib/load-status-store';
import { setAuthenticated } from '../../../session/auth-store';

/** The profile fields of docs/product.md §4; each is its own section of the edit-profile page. */
export type ProfileField = 'Password' | 'Email' | 'Birthdate';

/** PUT /api/edit-profile/password (docs/product.md §7). */
const putPassword = (password: string) =>
  apiFetch<unknown>('/api/edit-profile/password', { method: 'PUT', body: { password } });

/** PUT /api/edit-profile/email (docs/product.md §7): answers the user and a new token (docs/product.md §3). */
const putEmail = (email: string) =>
  apiFetch<AuthResponse>('/api/edit-profile/email', {
    method: 'PUT',
    body: { email },
  });

/** PUT /api/edit-profile/birthdate (docs/product.md §7): the date as dd/mm/yyyy. */
const putBirthdate = (birthdate: string) =>
  apiFetch<unknown>('/api/edit-profile/birthdate', { method: 'PUT', body: { birthdate } });

/** Saves one profile field, tracked in the EditProfile section under the field's name. */
export function useEditProfile(field: ProfileField) {
  const status = useLoadStatus(Section.EditProfile, field);
  const save = (value: string) =>
    trackLoad(
      Section.EditProfile,
      async () => {
        if (field === 'Password') return putPassword(value);
        if (field === 'Birthdate') return putBirthdate(value);
        const { user, token } = await putEmail(value);
        setAuthenticated(user, token);
        return user;
      },
      field,
    );
  return { status, save };
}
