import type { MessageReport } from '../../../shared/schemas/reports';
import type { MessageReportRow } from '../../db/database';

/** A report row in its §3 shape, plus whether its message is gone. */
export function presentReport(row: MessageReportRow, messageExists: boolean): MessageReport {
  return {
    id: row.id,
    messageId: row.message_id,
    content: row.content,
    email: row.email,
    timestamp: row.timestamp,
    isOpen: row.is_open === 1,
    messageDeleted: !messageExists,
  };
}
