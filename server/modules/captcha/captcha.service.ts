import { createHash } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey as derivePbkdf2Key } from 'altcha-lib/algorithms/pbkdf2';
import type { Deps } from '../../deps';
import { z } from 'zod';
import { apiError } from '../../http-error';
import { deriveKey } from '../accounts/keys';
import { deleteExpiredSolutions, recordSolution } from './captcha.repository';

/**
 * The proof of work. PBKDF2/SHA-256 is the widget's bundled default. The server picks the answer
 * (a counter below CAPTCHA_MAX_COUNTER) and signs its key, so solving takes on average half the
 * counters and verifying is one HMAC. Measured on this machine: 0.4 ms a counter in Node and 0.6 ms
 * in headless Chromium's WebCrypto, so about 180 ms on average and 360 ms at worst on one worker in
 * the browser; the widget splits the counters over several workers.
 */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const CAPTCHA_COST = 1_000;
const CAPTCHA_MAX_COUNTER = 600;
/** Long enough to fill a form after the widget solved it; a challenge is fetched per submit anyway. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
/** A solved payload is a few hundred characters of base64; anything far larger is not one. */
const MAX_PAYLOAD_LENGTH = 4_000;

/**
 * The expiry travels in the signed `data`, in milliseconds of the server's clock, rather than in
 * ALTCHA's `expiresAt`: altcha-lib checks that one against the wall clock, which tests cannot move.
 */
const solvedPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(CAPTCHA_ALGORITHM),
      data: z.looseObject({ expiresAt: z.number().int() }),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

function secrets(deps: Deps) {
  return {
    hmacSignatureSecret: deriveKey(deps.config.secretKey, 'captcha-challenge').toString('hex'),
    hmacKeySignatureSecret: deriveKey(deps.config.secretKey, 'captcha-key').toString('hex'),
  };
}

/** A fresh signed challenge for the ALTCHA widget (GET /api/captcha). */
export async function issueChallenge(deps: Deps): Promise<Challenge> {
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    deriveKey: derivePbkdf2Key,
    cost: CAPTCHA_COST,
    counter: randomInt(CAPTCHA_MAX_COUNTER),
    data: { expiresAt: deps.clock.now() + CAPTCHA_TTL_MS },
    ...secrets(deps),
  });
}

/**
 * Accepts a solved ALTCHA payload (the base64 text the widget gives) once. Throws a Hebrew 400
 * when it is missing, malformed, forged, expired or already used.
 */
export async function verifyCaptcha(deps: Deps, solution: unknown): Promise<void> {
  if (typeof solution !== 'string' || solution.trim() === '') {
    throw apiError('captcha_missing');
  }
  const payload = decode(solution);
  if (!payload) throw apiError('captcha_invalid');

  const result = await verifySolution({
    challenge: payload.challenge as unknown as Challenge,
    solution: payload.solution,
    deriveKey: derivePbkdf2Key,
    ...secrets(deps),
  });
  if (!result.verified) throw apiError('captcha_invalid');

  // Checked after the signature, so the expiry read here is the one the server wrote.
  const now = deps.clock.now();
  const expiresAt = payload.challenge.parameters.data.expiresAt;
  if (expiresAt <= now) throw apiError('captcha_expired');

  await deleteExpiredSolutions(deps.db, now);
  const challengeHash = createHash('sha256').update(payload.challenge.signature).digest('hex');
  if (!(await recordSolution(deps.db, challengeHash, expiresAt))) {
    throw apiError('captcha_replayed');
  }
}

function decode(text: string): z.infer<typeof solvedPayload> | null {
  if (text.length > MAX_PAYLOAD_LENGTH) return null;
  try {
    const parsed = solvedPayload.safeParse(JSON.parse(Buffer.from(text, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
