import {
  type ModerationDetails,
  type ModerationEntry,
  moderationAction,
} from '../../../shared/schemas/moderation-log';
import type { ModerationLogRow } from '../../db/database';

function parseDetails(json: string): ModerationDetails {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value).filter(
          (pair): pair is [string, string | number | null] =>
            pair[1] === null || typeof pair[1] === 'string' || typeof pair[1] === 'number',
        ),
      );
    }
  } catch {
    // A hand-edited row must not break the page: its details are dropped.
  }
  return {};
}

/** A log row in its wire shape; `subject` is the topic's subject now, when the topic still exists. */
export function presentModerationEntry(row: ModerationLogRow, subject: string | undefined): ModerationEntry {
  return {
    id: row.id,
    adminId: row.admin_id,
    action: moderationAction.parse(row.action),
    createdAt: Number(row.created_at),
    topicId: row.topic_id,
    messageId: row.message_id,
    forumId: row.forum_id,
    userId: row.user_id,
    topic:
      row.topic_id !== null && subject !== undefined
        ? { id: row.topic_id, subject, link: `/topic/${row.topic_id}` }
        : null,
    beforeText: row.before_text,
    afterText: row.after_text,
    details: parseDetails(row.details),
  };
}
