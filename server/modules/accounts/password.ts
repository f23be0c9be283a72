import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): about 30 ms a hash on one core, slow
 * enough for offline guessing, fast enough that logins do not queue behind each other.
 * `algorithm: 2` is Argon2id; the package's enum is an ambient const enum that isolated modules cannot read.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike: a login must not throw a 500. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Makes the throwaway hash ahead of the first login, so that login is not the slow one. */
export async function prepareVerificationTiming(): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  await dummyHash;
}

/**
 * Spends the time of one verification against a throwaway hash, so a login with an unknown email
 * takes about as long as one with a wrong password and the answer time does not reveal accounts.
 */
export async function spendVerificationTime(plain: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummyHash, plain);
}
