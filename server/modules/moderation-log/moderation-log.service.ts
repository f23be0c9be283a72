import { LIMITS } from '../../../shared/limits';
import { type Actor, can } from '../../../shared/policies';
import type { ModerationLogResponse } from '../../../shared/schemas/moderation-log';
import { authorize } from '../../authorize';
import type { ReadDeps } from '../../deps';
import { presentUser } from '../users/users.presenter';
import { findUsersByIds } from '../users/users.repository';
import { presentModerationEntry } from './moderation-log.presenter';
import { findTopicSubjects, listModerationEntries } from './moderation-log.repository';

/** Only admins read the log: 401 for a guest, 403 for a user. */
export function assertMayReadModerationLog(actor: Actor): asserts actor is NonNullable<Actor> {
  authorize(actor, can.readModerationLog(actor));
}

/** A page of the moderation log, newest first, below `before` when given. */
export async function listModerationLog(
  { db }: ReadDeps,
  actor: Actor,
  before?: number,
): Promise<ModerationLogResponse> {
  assertMayReadModerationLog(actor);
  const rows = await listModerationEntries(db, { before, limit: LIMITS.pageSize + 1 });
  const page = rows.slice(0, LIMITS.pageSize);
  const topicIds = page.flatMap((row) => (row.topic_id === null ? [] : [row.topic_id]));
  const userIds = page.flatMap((row) =>
    [row.admin_id, row.user_id].filter((id): id is number => id !== null),
  );
  const [topics, users] = await Promise.all([findTopicSubjects(db, topicIds), findUsersByIds(db, userIds)]);
  const subjects = new Map(topics.map((topic) => [topic.id, topic.subject]));
  return {
    entries: page.map((row) =>
      presentModerationEntry(row, row.topic_id === null ? undefined : subjects.get(row.topic_id)),
    ),
    hasMoreEntries: rows.length > LIMITS.pageSize,
    users: users.map(presentUser),
  };
}
