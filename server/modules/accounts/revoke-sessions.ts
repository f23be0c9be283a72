import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import { publish } from '../../events';
import { deleteUserSessions } from './accounts.repository';

/**
 * Ends a user's sessions (all, or all but the one that asked) inside the caller's transaction and
 * tells every instance, so the live-update streams opened with them close now rather than at their
 * next reconnect: a suspended member, a changed password or a deleted account keeps no open stream.
 */
export async function revokeSessionsOf(
  trx: Transaction<Database>,
  userId: number,
  options: { keepTokenHash?: string } = {},
): Promise<void> {
  for (const sessionId of await deleteUserSessions(trx, userId, options.keepTokenHash)) {
    await publish(trx, { type: 'session.revoked', sessionId });
  }
}
