import type { Kysely, Transaction } from 'kysely';
import type { ModerationAction, ModerationDetails } from '../../../shared/schemas/moderation-log';
import type { Database, ModerationLogRow } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

/** One admin action, as the service that performed it describes it. */
export interface ModerationEntryInput {
  adminId: number;
  action: ModerationAction;
  topicId?: number | null;
  messageId?: number | null;
  forumId?: number | null;
  userId?: number | null;
  beforeText?: string | null;
  afterText?: string | null;
  details?: ModerationDetails;
  createdAt: number;
}

/**
 * Records an admin action. Called with the action's own transaction, so the entry is written if
 * and only if the action is.
 */
export async function recordModeration(
  trx: Transaction<Database>,
  entry: ModerationEntryInput,
): Promise<void> {
  await trx
    .insertInto('moderation_log')
    .values({
      // The command line's operator (CLI_OPERATOR, id 0) is no user row: its entries name no admin.
      admin_id: entry.adminId > 0 ? entry.adminId : null,
      action: entry.action,
      topic_id: entry.topicId ?? null,
      message_id: entry.messageId ?? null,
      forum_id: entry.forumId ?? null,
      user_id: entry.userId ?? null,
      before_text: entry.beforeText ?? null,
      after_text: entry.afterText ?? null,
      details: JSON.stringify(entry.details ?? {}),
      created_at: entry.createdAt,
    })
    .execute();
}

/** A page of the log, newest (highest id) first, below `before` when given: a keyset on the primary key. */
export function listModerationEntries(
  db: Db,
  options: { before?: number; limit: number },
): Promise<ModerationLogRow[]> {
  let query = db.selectFrom('moderation_log').selectAll();
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

/** The subjects of the topics a page names that still exist. */
export function findTopicSubjects(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; subject: string }[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return Promise.resolve([]);
  return db.selectFrom('topics').select(['id', 'subject']).where('id', 'in', unique).execute();
}
