import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/**
 * A solved captcha as the browser widget sends it: a challenge fetched through GET /api/captcha,
 * solved with altcha-lib, encoded as the widget encodes it (base64 of JSON).
 */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha' });
  if (response.statusCode !== 200) throw new Error(`GET /api/captcha answered ${response.statusCode}`);
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the captcha challenge was not solved in time');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
