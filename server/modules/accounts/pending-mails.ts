import type { Deps } from '../../deps';
import { activationMail } from './accounts.mails';
import * as repo from './accounts.repository';
import { FIRST_MAIL_RETRY_MS } from './accounts.service';

/** How often each instance looks for mails to retry. */
export const PENDING_MAIL_POLL_MS = 60_000;
const MAX_DELAY_MS = 60 * 60 * 1000;
/** With the delays doubling to an hour, about two days of trying. */
const MAX_ATTEMPTS = 50;
const BATCH = 20;

/**
 * Sends the activation mails that failed at registration. Runs when the server starts and every
 * PENDING_MAIL_POLL_MS after, on every instance; a claim in the database keeps two instances from
 * sending the same mail. The link is made afresh, so a retried mail gets a full validity period.
 * Returns how many mails were sent.
 */
export async function retryPendingMails(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  for (const mail of await repo.findDuePendingMails(deps.db, now, BATCH)) {
    const delay = Math.min(FIRST_MAIL_RETRY_MS * 2 ** (mail.attempts + 1), MAX_DELAY_MS);
    const claimed = await repo.claimPendingMail(deps.db, {
      id: mail.id,
      seenNextAttemptAt: mail.next_attempt_at,
      nextAttemptAt: now + delay,
    });
    if (!claimed) continue;
    const user = await repo.findUserById(deps.db, mail.user_id);
    // An account activated meanwhile (or deleted) needs no activation mail.
    if (!user || user.is_active === 1) {
      await repo.deletePendingMail(deps.db, mail.id);
      continue;
    }
    try {
      await deps.mailer.send(await activationMail(deps, user));
      await repo.deletePendingMail(deps.db, mail.id);
      sent += 1;
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 500);
      if (mail.attempts + 1 >= MAX_ATTEMPTS) {
        deps.log.error(
          { userId: user.id, error: message },
          'activation mail given up after repeated failures',
        );
        await repo.deletePendingMail(deps.db, mail.id);
      } else {
        await repo.recordPendingMailError(deps.db, mail.id, message);
      }
    }
  }
  return sent;
}
