import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Records a solved challenge. False when it was already recorded: a replay. The primary key makes
 * this atomic across instances, so two requests racing with one solution cannot both pass.
 */
export async function recordSolution(
  db: Kysely<Database>,
  challengeHash: string,
  expiresAt: number,
): Promise<boolean> {
  const result = await db
    .insertInto('captcha_solutions')
    .values({ challenge_hash: challengeHash, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('challenge_hash').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Expired challenges are refused on their expiry alone, so their records can go. */
export async function deleteExpiredSolutions(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('captcha_solutions').where('expires_at', '<', now).execute();
}
