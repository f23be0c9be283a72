import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad } from '../../../lib/load-status-store';
import { solveCaptcha } from '../../forms/solve-captcha';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  /** dd/mm/yyyy (spec §3). */
  birthdate: string;
}

/** POST /api/register (spec §7). */
export const postRegister = (input: RegisterInput & { captcha: string }) =>
  apiFetch<unknown>('/api/register', { method: 'POST', body: input });

/** Registration, tracked in the Register section, the captcha solved first. */
export function register(input: RegisterInput): Promise<unknown> {
  trackEvent('register');
  return trackLoad(Section.Register, async () => postRegister({ ...input, captcha: await solveCaptcha() }));
}
