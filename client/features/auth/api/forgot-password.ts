import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad } from '../../../lib/load-status-store';
import { solveCaptcha } from '../../forms/solve-captcha';

/** POST /api/forgot-password (spec §7): mails a reset link. */
export const postForgotPassword = (input: { email: string; captcha: string }) =>
  apiFetch<unknown>('/api/forgot-password', { method: 'POST', body: input });

/** The forgot-password request, tracked in its section, the captcha solved first. */
export function requestPasswordReset(email: string): Promise<unknown> {
  trackEvent('forgot_password');
  return trackLoad(Section.ForgotPassword, async () =>
    postForgotPassword({ email, captcha: await solveCaptcha() }),
  );
}
