import type { PublicUser } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api-client';
import { trackEvent } from '../../../lib/analytics';
import { Section, trackLoad } from '../../../lib/load-status-store';
import { solveCaptcha } from '../../forms/solve-captcha';
import { setAuthenticated } from '../auth-store';

export interface AuthenticatedResponse {
  user: PublicUser;
  token: string;
}

/** POST /api/login (spec §7). */
export const postLogin = (input: { email: string; password: string; captcha: string }) =>
  apiFetch<AuthenticatedResponse>('/api/login', { method: 'POST', body: input });

/**
 * The login flow of spec §4: the section goes to Loading, the captcha is solved, then the call is
 * made; success keeps the token and the user. A captcha or call failure marks the section.
 */
export async function login(input: { email: string; password: string }): Promise<AuthenticatedResponse> {
  return trackLoad(Section.Login, async () => {
    const captcha = await solveCaptcha();
    const response = await postLogin({ ...input, captcha });
    setAuthenticated(response.user, response.token);
    trackEvent('login');
    return response;
  });
}
