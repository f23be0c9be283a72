import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './keys';
import { VALIDITY_MS } from './validity';

export type LinkPurpose = 'activation' | 'reset';

export interface LinkClaims {
  purpose: LinkPurpose;
  userId: number;
  /** The user's password version when the link was made: a reset link dies once it changes. */
  passwordVersion: number;
  issuedAt: number;
}

/** `old` still carries the claims: a caller may prefer another answer (already active) over "old". */
export type OpenedLink = { status: 'valid' | 'old'; claims: LinkClaims } | { status: 'invalid' };

const VALIDITY: Record<LinkPurpose, number> = {
  activation: VALIDITY_MS.activationLink,
  reset: VALIDITY_MS.resetLink,
};
const PURPOSE_CODES: Record<LinkPurpose, string> = { activation: 'a', reset: 'r' };
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds the ciphertext to this use, so a value made for anything else never opens here. */
const ASSOCIATED_DATA = Buffer.from('hebrew-forum mail link v1');

/**
 * The value of an activation or reset link: the claims sealed with AES-256-GCM under a key derived
 * from the server secret, base64url. Nobody can read or forge it without the secret, and its issue
 * time tells an invalid link (406) from an old one (412).
 */
export function sealLink(secretKey: string, claims: LinkClaims): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secretKey, 'mail-links'), iv);
  cipher.setAAD(ASSOCIATED_DATA);
  const plain = JSON.stringify({
    p: PURPOSE_CODES[claims.purpose],
    u: claims.userId,
    v: claims.passwordVersion,
    t: claims.issuedAt,
  });
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** Opens a link value made for `purpose`: invalid when tampered, forged or for another purpose; old when past its validity. */
export function openLink(secretKey: string, value: string, purpose: LinkPurpose, now: number): OpenedLink {
  const claims = decrypt(secretKey, value);
  if (!claims || claims.purpose !== purpose) return { status: 'invalid' };
  if (claims.issuedAt > now + VALIDITY_MS.clockSkew) return { status: 'invalid' };
  return { status: now - claims.issuedAt > VALIDITY[purpose] ? 'old' : 'valid', claims };
}

function decrypt(secretKey: string, value: string): LinkClaims | null {
  if (value.length > 500 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      deriveKey(secretKey, 'mail-links'),
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const parsed: unknown = JSON.parse(plain);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { p, u, v, t } = parsed as Record<string, unknown>;
    const purpose = (Object.keys(PURPOSE_CODES) as LinkPurpose[]).find((key) => PURPOSE_CODES[key] === p);
    if (!purpose || !Number.isSafeInteger(u) || !Number.isSafeInteger(v) || !Number.isSafeInteger(t))
      return null;
    return { purpose, userId: u as number, passwordVersion: v as number, issuedAt: t as number };
  } catch {
    return null;
  }
}
