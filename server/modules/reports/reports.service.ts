import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LIMITS } from '../../../shared/limits';
import type { MessageReport, MessageReportsResponse, NewReportBody } from '../../../shared/schemas/reports';
import type { Database, UserRow } from '../../db/database';
import { publish } from '../../events';
import { notFound } from '../../http-error';
import { verifyCaptcha } from '../captcha/captcha.service';
import { presentMessage } from '../messages/messages.presenter';
import { findMessage, likesByMessage } from '../messages/messages.repository';
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

export const messageNotFound = () => notFound('ההודעה המדווחת לא נמצאה');
export const reportNotFound = () => notFound('הדיווח לא נמצא');

/**
 * Files a report about an existing message, from a guest or a user. The message is checked
 * before the captcha so a mistyped id does not use up the solved captcha.
 */
export async function createReport(
  app: FastifyInstance,
  actor: UserRow | null,
  body: NewReportBody,
): Promise<MessageReport> {
  const { messageId, content, email } = body.report;
  if (!(await findMessage(app.db, messageId))) throw messageNotFound();
  await verifyCaptcha(app, body.captcha);
  const row = await app.db.transaction().execute(async (trx) => {
    const inserted = await insertReport(trx, {
      messageId,
      content,
      email,
      reporterUserId: actor?.id ?? null,
      timestamp: app.clock.now(),
    });
    await publish(trx, { type: 'report.created', reportId: inserted.id, messageId });
    return inserted;
  });
  return presentReport(row, true);
}

/** A page of the moderation queue: open reports, newest first, below `before` when given. */
export async function listReports(db: Kysely<Database>, before?: number): Promise<MessageReportsResponse> {
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
export async function closeReport(app: FastifyInstance, admin: UserRow, id: number): Promise<MessageReport> {
  const found = await findReport(app.db, id);
  if (!found) throw reportNotFound();
  const row = await app.db.transaction().execute(async (trx) => {
    const closed = await closeReportRow(trx, id, admin.id, app.clock.now());
    if (found.is_open === 1) {
      await publish(trx, { type: 'report.closed', reportId: id, messageId: closed.message_id });
    }
    return closed;
  });
  return presentReport(row, (await findMessage(app.db, row.message_id)) !== undefined);
}
