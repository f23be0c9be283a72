import type { AccountExport } from '../../../../shared/schemas/account-data';
import type { z } from 'zod';
import type { deleteAccountResponse } from '../../../../shared/schemas/account-data';
import { apiFetch } from '../../../lib/api-client';
import { logout } from '../../../session/auth-store';
import { forgetAllDrafts } from '../../../lib/drafts';

/**
 * GET /api/me/export, saved as a JSON file: everything the site keeps of the user (an addition to
 * the spec: a member's own data).
 */
export async function downloadOwnData(): Promise<AccountExport> {
  const data = await apiFetch<AccountExport>('/api/me/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `my-data-${data.profile.id}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return data;
}

/** DELETE /api/me: the password again, and whether the messages go too. The session ends with it. */
export async function deleteOwnAccount(input: { password: string; deleteMessages: boolean }) {
  const result = await apiFetch<z.infer<typeof deleteAccountResponse>>('/api/me', {
    method: 'DELETE',
    body: input,
  });
  forgetAllDrafts();
  logout();
  return result;
}
