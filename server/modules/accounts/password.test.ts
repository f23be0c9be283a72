import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes with argon2id, salted, and verifies only the right password', async () => {
    const first = await hashPassword('סיסמה-ארוכה-1');
    const second = await hashPassword('סיסמה-ארוכה-1');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('סיסמה');
    expect(await verifyPassword(first, 'סיסמה-ארוכה-1')).toBe(true);
    expect(await verifyPassword(first, 'סיסמה-ארוכה-2')).toBe(false);
  });

  it('answers false, not an exception, for a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever1')).toBe(false);
  });
});
