import type { ResetPasswordBody } from '../../../../shared/schemas/accounts';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad } from '../../../lib/load-status-store';
import { solveCaptcha } from '../../../lib/solve-captcha';

/** PUT /api/edit-profile/forgot-password (docs/product.md §7): `token` is the reset link's value. */
const putForgottenPassword = (input: ResetPasswordBody) =>
  apiFetch<unknown>('/api/edit-profile/forgot-password', { method: 'PUT', body: input });

/** Sets the new password, the captcha solved first, tracked in the ChangePassword section. */
export function resetPassword(token: string, password: string): Promise<unknown> {
  trackEvent('change_forgotten_password');
  return trackLoad(Section.ChangePassword, async () =>
    putForgottenPassword({ password, token, captcha: await solveCaptcha() }),
  );
}
