import { describe, expect, it } from 'vitest';
import { openLink, sealLink } from './links';
import { VALIDITY_MS } from './validity';

const SECRET = 'link-test-secret-link-test-secret-0123456789';
const NOW = Date.UTC(2026, 0, 1);
const claims = { purpose: 'reset' as const, userId: 42, passwordVersion: 3, issuedAt: NOW };

describe('mail link values', () => {
  it('opens what it sealed, and reveals nothing readable', () => {
    const value = sealLink(SECRET, claims);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(value, 'base64url').toString('latin1')).not.toContain('"u":42');
    expect(openLink(SECRET, value, 'reset', NOW + 1000)).toEqual({ status: 'valid', claims });
    expect(sealLink(SECRET, claims)).not.toBe(value);
  });

  it('is invalid when any byte changes, under another secret, or for another purpose', () => {
    const value = sealLink(SECRET, claims);
    const bytes = Buffer.from(value, 'base64url');
    for (let index = 0; index < bytes.length; index += 1) {
      const changed = Buffer.from(bytes);
      changed[index] = (changed[index] ?? 0) ^ 1;
      expect(openLink(SECRET, changed.toString('base64url'), 'reset', NOW).status).toBe('invalid');
    }
    expect(openLink(`${SECRET}x`, value, 'reset', NOW).status).toBe('invalid');
    expect(openLink(SECRET, value, 'activation', NOW).status).toBe('invalid');
    expect(openLink(SECRET, '', 'reset', NOW).status).toBe('invalid');
    expect(openLink(SECRET, 'a'.repeat(600), 'reset', NOW).status).toBe('invalid');
  });

  it('is old after its validity period and invalid when dated in the future', () => {
    const value = sealLink(SECRET, claims);
    expect(openLink(SECRET, value, 'reset', NOW + VALIDITY_MS.resetLink).status).toBe('valid');
    expect(openLink(SECRET, value, 'reset', NOW + VALIDITY_MS.resetLink + 1)).toEqual({
      status: 'old',
      claims,
    });
    const activation = sealLink(SECRET, { ...claims, purpose: 'activation' });
    expect(openLink(SECRET, activation, 'activation', NOW + VALIDITY_MS.resetLink + 1).status).toBe('valid');
    expect(openLink(SECRET, activation, 'activation', NOW + VALIDITY_MS.activationLink + 1).status).toBe(
      'old',
    );
    expect(openLink(SECRET, value, 'reset', NOW - VALIDITY_MS.clockSkew - 1).status).toBe('invalid');
  });
});
