import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage, isErrorCode } from './errors';

/**
 * The statuses the API documents: docs/product.md §8 (401, 404, 405, 406, 412, 428), 409 for a taken username
 * (DESIGN.md, instead of 407), and the general ones of the error handler and the limits.
 */
const DOCUMENTED_STATUSES = [400, 401, 403, 404, 405, 406, 409, 412, 413, 415, 428, 429, 500, 503];
const HEBREW = /[\u0590-\u05FF]/;

describe('the error catalogue', () => {
  it.each(Object.entries(ERRORS))('%s has a documented status and a Hebrew message', (code, entry) => {
    expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(DOCUMENTED_STATUSES).toContain(entry.status);
    expect(entry.message).toMatch(HEBREW);
    expect(entry.message.trim()).toBe(entry.message);
  });

  it('never answers 407, which Chromium turns into a network error', () => {
    expect(Object.values(ERRORS).map((entry) => entry.status)).not.toContain(407);
  });

  it('gives the texts of docs/product.md §8 to the statuses the client tells apart', () => {
    expect(ERRORS.wrong_credentials.status).toBe(401);
    expect(ERRORS.inactive.status).toBe(428);
    expect(ERRORS.email_taken.status).toBe(406);
    expect(ERRORS.username_taken.status).toBe(409);
    expect(ERRORS.activation_mail_failed.status).toBe(412);
    expect(ERRORS.already_active.status).toBe(405);
    expect(ERRORS.activation_invalid.status).toBe(406);
    expect(ERRORS.activation_expired.status).toBe(412);
    expect(ERRORS.reset_link_invalid.status).toBe(406);
    expect(ERRORS.reset_link_expired.status).toBe(412);
    expect(ERRORS.value_taken.status).toBe(406);
  });

  it('gives two situations that share a status two different texts', () => {
    const messages = Object.entries(ERRORS).filter(([code]) => code !== 'validation');
    const seen = new Map<string, string>();
    for (const [code, entry] of messages) {
      const key = `${entry.status} ${entry.message}`;
      expect(seen.get(key), `${code} repeats ${seen.get(key)}`).toBeUndefined();
      seen.set(key, code);
    }
  });

  it('reads an unknown or missing code as the generic failure', () => {
    expect(isErrorCode('topic_not_found')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(errorMessage('topic_not_found')).toBe(ERRORS.topic_not_found.message);
    expect(errorMessage('no_such_code')).toBe(ERRORS.internal.message);
    expect(errorMessage(42)).toBe(ERRORS.internal.message);
  });
});
