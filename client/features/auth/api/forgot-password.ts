import type { ForgotPasswordBody } from '../../../../shared/schemas/accounts';
import { trackEvent } from '../../../lib/analytics';
import { apiFetch } from '../../../lib/api-client';
import { Section, trackLoad } from '../../../lib/load-status-store';
import { solveCaptcha } from '../../../lib/solve-captcha';

/** POST /api/forgot-password (docs/product.md §7): mails a reset link. */
const postForgotPassword = (body: ForgotPasswordBody) =>
  apiFetch<unknown>('/api/forgot-password', { method: 'POST', body });

/** The forgot-password request, tracked in its section, the captcha solved first. */
export function requestPasswordReset(email: string): Promise<unknown> {
  trackEvent('forgot_password');
  return trackLoad(Section.ForgotPassword, async () =>
    postForgotPassword({ email, captcha: await solveCaptcha() }),
  );
}
