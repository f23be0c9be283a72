import type { RegisterBody } from '../../../../shared/schemas/accounts';
import { trackEvent } from '../../../lib/analytics';
import { apiFetch } from '../../../lib/api-client';
import { Section, trackLoad } from '../../../lib/load-status-store';
import { solveCaptcha } from '../../../lib/solve-captcha';

/** POST /api/register (docs/product.md §7); the birthdate is dd/mm/yyyy (docs/product.md §3). */
const postRegister = (body: RegisterBody) => apiFetch<unknown>('/api/register', { method: 'POST', body });

/** Registration, tracked in the Register section, the captcha solved first. */
export function register(input: Omit<RegisterBody, 'captcha'>): Promise<unknown> {
  trackEvent('register');
  return trackLoad(Section.Register, async () => postRegister({ ...input, captcha: await solveCaptcha() }));
}
