import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/**
 * A solved captcha as the browser widget sends it: the challenge solved with altcha-lib and encoded
 * as the widget encodes it (base64 of JSON).
 */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the captcha challenge was not solved in time');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A solved captcha from an app in this process (GET /api/captcha through inject). */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha' });
  if (response.statusCode !== 200) throw new Error(`GET /api/captcha answered ${response.statusCode}`);
  return solveCaptcha(response.json() as Challenge);
}

/** A solved captcha from a running server; `apiBase` ends in /api. */
export async function solvedCaptchaOver(apiBase: string): Promise<string> {
  const response = await fetch(`${apiBase}/captcha`);
  if (!response.ok) throw new Error(`GET /api/captcha answered ${response.status}`);
  return solveCaptcha((await response.json()) as Challenge);
}
