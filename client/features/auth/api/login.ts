import type { AuthResponse, LoginBody } from '../../../../shared/schemas/accounts';
import { trackEvent } from '../../../lib/analytics';
import { apiFetch } from '../../../lib/api-client';
import { Section, trackLoad } from '../../../lib/load-status-store';
import { solveCaptcha } from '../../../lib/solve-captcha';
import { setAuthenticated } from '../../../session/auth-store';

/** POST /api/login (docs/product.md §7). */
const postLogin = (body: LoginBody) => apiFetch<AuthResponse>('/api/login', { method: 'POST', body });

/**
 * The login flow of docs/product.md §4: the section goes to Loading, the captcha is solved, then the call is
 * made; success keeps the token and the user. A captcha or call failure marks the section.
 */
export async function login(input: Omit<LoginBody, 'captcha'>): Promise<AuthResponse> {
  return trackLoad(Section.Login, async () => {
    const captcha = await solveCaptcha();
    const response = await postLogin({ ...input, captcha });
    setAuthenticated(response.user, response.token);
    trackEvent('login');
    return response;
  });
}
