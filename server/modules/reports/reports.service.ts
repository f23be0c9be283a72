import { LIMITS } from '../../../shared/limits';
import { type Actor, can } from '../../../shared/policies';
import type { MessageReport, MessageReportsResponse, NewReportBody } from '../../../shared/schemas/reports';
import { authorize } from '../../authorize';
import type { Deps, ReadDeps } from '../../deps';
import { publish } from '../../events';
import { apiError } from '../../http-error';
import { verifyCaptcha } from '../captcha/captcha.service';
import { presentMessage } from '../messages/messages.presenter';
import { findMessage, likesByMessage } from '../messages/messages.repository';
import { recordModeration } from '../moderation-log/moderation-log.repository';
import { presentUser } from '../users/users.presenter';
import { findUsersByIds } from '../users/users.repository';
import { presentReport } from './reports.presenter';
import {
  closeReport as closeReportRow,
  findMessagesByIds,
  findReport,
  insertReport,
  listOpenReports,
} from './reports.repository';

/** Only admins see the moderation queue and close reports: 401 for a guest, 403 for a user. */
export function assertMayModerate(actor: Actor): asserts actor is NonNullable<Actor> {
  authorize(actor, can.moderateReports(actor), { user: 'moderators_only' });
}

/**
 * Files a report about an existing message, from a guest or a user. The message is checked
 * before the captcha so a mistyped id does not use up the solved captcha.
 */
export async function createReport(deps: Deps, actor: Actor, body: NewReportBody): Promise<MessageReport> {
  if (!can.report(actor)) throw apiError(actor ? 'forbidden' : 'unauthorized');
  const { messageId, content, email } = body.report;
  if (!(await findMessage(deps.db, messageId))) throw apiError('reported_message_not_found');
  await verifyCaptcha(deps, body.captcha);
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertReport(trx, {
      messageId,
      content,
      email,
      reporterUserId: actor?.id ?? null,
      timestamp: deps.clock.now(),
    });
    await publish(trx, { type: 'report.created', reportId: inserted.id, messageId });
    return inserted;
  });
  return presentReport(row, true);
}

/** A page of the moderation queue: open reports, newest first, below `before` when given. */
export async function listReports(
  { db }: ReadDeps,
  actor: Actor,
  before?: number,
): Promise<MessageReportsResponse> {
  assertMayModerate(actor);
  const rows = await listOpenReports(db, { before, limit: LIMITS.pageSize + 1 });
  const page = rows.slice(0, LIMITS.pageSize);
  const messages = await findMessagesByIds(
    db,
    page.map((row) => row.message_id),
  );
  const existing = new Set(messages.map((message) => message.id));
  const [likes, users] = await Promise.all([
    likesByMessage(db, [...existing]),
    findUsersByIds(
      db,
      messages.map((message) => message.user_id),
    ),
  ]);
  return {
    messages: messages.map((message) => presentMessage(message, likes.get(message.id) ?? [])),
    reports: page.map((row) => presentReport(row, existing.has(row.message_id))),
    hasMoreMessageReports: rows.length > LIMITS.pageSize,
    users: users.map(presentUser),
  };
}

/** Closes a report (it leaves the queue); closing a closed one changes nothing. */
export async function closeReport(deps: Deps, actor: Actor, id: number): Promise<MessageReport> {
  assertMayModerate(actor);
  const found = await findReport(deps.db, id);
  if (!found) throw apiError('report_not_found');
  const row = await deps.db.transaction().execute(async (trx) => {
    const closed = await closeReportRow(trx, id, actor.id, deps.clock.now());
    if (found.is_open === 1) {
      await publish(trx, { type: 'report.closed', reportId: id, messageId: closed.message_id });
      // The message's text while it still exists; a deletion before the close has its own entry.
      const message = await findMessage(trx, closed.message_id);
      await recordModeration(trx, {
        adminId: actor.id,
        action: 'report_closed',
        topicId: message?.topic_id ?? null,
        messageId: closed.message_id,
        userId: message?.user_id ?? null,
        beforeText: message?.content ?? null,
        details: { reportId: id, reason: closed.content, messageDeleted: message ? 0 : 1 },
        createdAt: deps.clock.now(),
      });
    }
    return closed;
  });
  return presentReport(row, (await findMessage(deps.db, row.message_id)) !== undefined);
}
