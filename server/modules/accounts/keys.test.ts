import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openUnsubscribe } from '../notifications/unsubscribe';
import { deriveKey, type KeyPurpose } from './keys';

const SECRET = 'a-secret-key-of-the-forum-for-these-tests';
const PURPOSES: KeyPurpose[] = [
  'captcha-challenge',
  'captcha-key',
  'mail-links',
  'event-tickets',
  'unsubscribe-links',
];

describe('deriveKey', () => {
  it('is HKDF-SHA-256 of the secret for each purpose, so links already sent keep working', () => {
    for (const purpose of PURPOSES) {
      expect(deriveKey(SECRET, purpose)).toEqual(
        Buffer.from(hkdfSync('sha256', SECRET, 'hebrew-forum', purpose, 32)),
      );
    }
  });

  it('derives each key once and gives no two purposes or secrets the same key', () => {
    expect(deriveKey(SECRET, 'mail-links')).toBe(deriveKey(SECRET, 'mail-links'));
    const keys = PURPOSES.flatMap((purpose) => [
      deriveKey(SECRET, purpose),
      deriveKey(`${SECRET}!`, purpose),
    ]);
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(PURPOSES.length * 2);
  });

  it('opens an unsubscribe link signed as mails sent before this key was shared were', () => {
    const key = Buffer.from(hkdfSync('sha256', SECRET, 'hebrew-forum', 'unsubscribe-links', 32));
    const signature = createHmac('sha256', key)
      .update('42.all')
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    expect(openUnsubscribe(SECRET, `42.all.${signature}`)).toEqual({ userId: 42, scope: 'all' });
  });
});
