import type { Kysely, Transaction } from 'kysely';
import type { Database, MessageReportRow, MessageRow } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

export function insertReport(
  db: Db,
  report: {
    messageId: number;
    content: string;
    email: string;
    reporterUserId: number | null;
    timestamp: number;
  },
): Promise<MessageReportRow> {
  return db
    .insertInto('message_reports')
    .values({
      message_id: report.messageId,
      content: report.content,
      email: report.email,
      reporter_user_id: report.reporterUserId,
      timestamp: report.timestamp,
      is_open: 1,
      closed_by: null,
      closed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findReport(db: Db, id: number): Promise<MessageReportRow | undefined> {
  return db.selectFrom('message_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A page of open reports, newest (highest id) first, below `before` when given. Served by the
 * (is_open, id) index, so closed reports cost nothing however many pile up.
 */
export function listOpenReportsQuery(db: Db, options: { before?: number; limit: number }) {
  let query = db.selectFrom('message_reports').selectAll().where('is_open', '=', 1);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit);
}

export function listOpenReports(
  db: Db,
  options: { before?: number; limit: number },
): Promise<MessageReportRow[]> {
  return listOpenReportsQuery(db, options).execute();
}

/** Closes an open report; a report already closed keeps who closed it and when. */
export async function closeReport(
  db: Db,
  id: number,
  closedBy: number,
  now: number,
): Promise<MessageReportRow> {
  await db
    .updateTable('message_reports')
    .set({ is_open: 0, closed_by: closedBy, closed_at: now })
    .where('id', '=', id)
    .where('is_open', '=', 1)
    .execute();
  return db.selectFrom('message_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The messages of a page of reports that still exist, in one query. */
export function findMessagesByIds(db: Db, ids: readonly number[]): Promise<MessageRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return Promise.resolve([]);
  return db.selectFrom('messages').selectAll().where('id', 'in', unique).orderBy('id').execute();
}
