import { hkdfSync } from 'node:crypto';

/** What a derived key is for. Each purpose gets its own key, so one use cannot forge another. */
export type KeyPurpose =
  | 'captcha-challenge'
  | 'captcha-key'
  | 'mail-links'
  | 'event-tickets'
  | 'unsubscribe-links';

/** Keys already derived, by purpose and secret: a server has one secret, so a handful at most. */
const derived = new Map<string, Buffer>();

/**
 * A 32-byte key derived from the server secret with HKDF-SHA-256. Deriving keeps one setting
 * (SECRET_KEY) while no two features share key material. Each key is derived once: HKDF took
 * ~80 µs a call, and every notification mail signs its unsubscribe links (2 % of a reply's time
 * with the mails it queues, in a CPU profile of the bench's reply row). Callers must not modify it.
 */
export function deriveKey(secretKey: string, purpose: KeyPurpose): Buffer {
  const id = `${purpose}\n${secretKey}`;
  let key = derived.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, 'hebrew-forum', purpose, 32));
    derived.set(id, key);
  }
  return key;
}
