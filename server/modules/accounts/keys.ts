import { hkdfSync } from 'node:crypto';

/** What a derived key is for. Each purpose gets its own key, so one use cannot forge another. */
export type KeyPurpose = 'captcha-challenge' | 'captcha-key' | 'mail-links' | 'event-tickets';

/**
 * A 32-byte key derived from the server secret with HKDF-SHA-256. Deriving keeps one setting
 * (SECRET_KEY) while no two features share key material.
 */
export function deriveKey(secretKey: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'hebrew-forum', purpose, 32));
}
