import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { solvedCaptcha } from '../../test/captcha';
import { CAPTCHA_ALGORITHM, CAPTCHA_COST, CAPTCHA_TTL_MS, verifyCaptcha } from './captcha.service';

function decode(payload: string) {
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
}
function encode(value: unknown) {
  return Buffer.from(JSON.stringify(value)).toString('base64');
}
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; code: string; message: string };
  }
  throw new Error('expected a refusal');
}

describeEachDatabase('captcha', (ctx) => {
  it('gives a signed, uncached PBKDF2 challenge', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a solved challenge once and refuses its replay', async () => {
    const payload = await solvedCaptcha(ctx.app);
    await expect(verifyCaptcha(ctx.app.deps, payload)).resolves.toBeUndefined();
    const replay = await refusal(verifyCaptcha(ctx.app.deps, payload));
    expect(replay).toMatchObject({ statusCode: 400, code: 'captcha_replayed' });
    expect(replay.message).toMatch(/[\u0590-\u05FF]/);
  });

  it('refuses a missing or malformed payload with a Hebrew 400', async () => {
    for (const value of [undefined, null, '', 42, {}]) {
      expect(await refusal(verifyCaptcha(ctx.app.deps, value))).toMatchObject({
        statusCode: 400,
        code: 'captcha_missing',
      });
    }
    for (const value of [
      'not base64 json',
      encode({ challenge: null, solution: null, test: true }),
      'x'.repeat(5000),
    ]) {
      const error = await refusal(verifyCaptcha(ctx.app.deps, value));
      expect(error).toMatchObject({ statusCode: 400, code: 'captcha_invalid' });
      expect(error.message).toMatch(/[\u0590-\u05FF]/);
    }
  });

  it('refuses a forged solution, a wrong key and a challenge with an edited expiry', async () => {
    const wrongKey = decode(await solvedCaptcha(ctx.app));
    wrongKey.solution.derivedKey = '00'.repeat(32);
    expect(await refusal(verifyCaptcha(ctx.app.deps, encode(wrongKey)))).toMatchObject({
      code: 'captcha_invalid',
    });

    const longer = decode(await solvedCaptcha(ctx.app));
    longer.challenge.parameters.data.expiresAt += 365 * 24 * 3600 * 1000;
    expect(await refusal(verifyCaptcha(ctx.app.deps, encode(longer)))).toMatchObject({
      code: 'captcha_invalid',
    });

    const unsigned = decode(await solvedCaptcha(ctx.app));
    unsigned.challenge.signature = 'f'.repeat(64);
    expect(await refusal(verifyCaptcha(ctx.app.deps, encode(unsigned)))).toMatchObject({
      code: 'captcha_invalid',
    });
  });

  it('refuses a challenge signed with another secret', async () => {
    const challenge = await createChallenge({
      algorithm: CAPTCHA_ALGORITHM,
      deriveKey,
      cost: CAPTCHA_COST,
      counter: 3,
      data: { expiresAt: ctx.clock.now() + 60_000 },
      hmacSignatureSecret: 'another-secret-another-secret-0123456789',
      hmacKeySignatureSecret: 'another-key-secret-another-key-0123456789',
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = encode({ challenge, solution });
    expect(await refusal(verifyCaptcha(ctx.app.deps, payload))).toMatchObject({ code: 'captcha_invalid' });
  });

  it('refuses an expired challenge', async () => {
    const payload = await solvedCaptcha(ctx.app);
    ctx.clock.advance(CAPTCHA_TTL_MS + 1);
    expect(await refusal(verifyCaptcha(ctx.app.deps, payload))).toMatchObject({ code: 'captcha_expired' });
  });
});
