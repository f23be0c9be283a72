import type { FastifyInstance } from 'fastify';
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
export async function retryPendingMails(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  let sent = 0;
  for (const mail of await repo.findDuePendingMails(app.db, now, BATCH)) {
    const delay = Math.min(FIRST_MAIL_RETRY_MS * 2 ** (mail.attempts + 1), MAX_DELAY_MS);
    const claimed = await repo.claimPendingMail(app.db, {
      id: mail.id,
      seenNextAttemptAt: mail.next_attempt_at,
      nextAttemptAt: now + delay,
    });
    if (!claimed) continue;
    const user = await repo.findUserById(app.db, mail.user_id);
    // An account activated meanwhile (or deleted) needs no activation mail.
    if (!user || user.is_active === 1) {
      await repo.deletePendingMail(app.db, mail.id);
      continue;
    }
    try {
      await app.mailer.send(activationMail(app, user));
      await repo.deletePendingMail(app.db, mail.id);
      sent += 1;
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 500);
      if (mail.attempts + 1 >= MAX_ATTEMPTS) {
        app.log.error(
          { userId: user.id, error: message },
          'activation mail given up after repeated failures',
        );
        await repo.deletePendingMail(app.db, mail.id);
      } else {
        await repo.recordPendingMailError(app.db, mail.id, message);
      }
    }
  }
  return sent;
}

/** Starts the retries with the server and stops them with it. */
export function schedulePendingMails(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    retryPendingMails(app).catch((error: unknown) =>
      app.log.error({ err: error }, 'pending mail retry failed'),
    );
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, PENDING_MAIL_POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
