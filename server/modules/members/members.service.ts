import type { Kysely } from 'kysely';
import { formatIsraeliDate } from '../../../shared/errors';
import { type Actor, can } from '../../../shared/policies';
import { type Member, MEMBERS_PAGE_SIZE } from '../../../shared/schemas/members';
import { actorOf } from '../../actor';
import { apiError, apiErrorWith } from '../../http-error';
import type { DataDeps } from '../../deps';
import type { Database, UserRow } from '../../db/database';
import { publish } from '../../events';
import { findMessage } from '../messages/messages.repository';
import { removeMessage } from '../messages/messages.service';
import { recordModeration } from '../moderation-log/moderation-log.repository';
import { revokeSessionsOf } from '../accounts/revoke-sessions';
import { deleteTopicWithMessages, findTopic, lockTopic } from '../topics/topics.repository';
import {
  findMember,
  lockActingAdmins,
  type MemberRow,
  replyIdsOf,
  searchMembersQuery,
  setAdmin,
  setSuspension,
  topicIdsOf,
} from './members.repository';

/**
 * "For good" is stored as the latest time a JavaScript date can hold, so one comparison
 * (`suspended_until > now`) serves both kinds of suspension.
 */
export const SUSPENDED_FOR_GOOD = 8.64e15;

function allow(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!can.manageMembers(actor)) throw apiError(actor ? 'forbidden' : 'unauthorized');
}

export const isSuspended = (user: Pick<UserRow, 'suspended_until'>, now: number) =>
  user.suspended_until !== null && Number(user.suspended_until) > now;

/**
 * The answer to a suspended user's login: the end date in the text (Israel's calendar) and, beside
 * it, `until` in ms (null for good) so a client can word it itself.
 */
export function suspendedError(user: Pick<UserRow, 'suspended_until' | 'suspension_reason'>) {
  const until = Number(user.suspended_until);
  const reason = user.suspension_reason ?? '';
  return until >= SUSPENDED_FOR_GOOD
    ? apiErrorWith('suspended_forever', { reason }, { until: null, reason })
    : apiErrorWith('suspended', { until: formatIsraeliDate(until), reason }, { until, reason });
}

/** Refuses a suspended user (login); the auth plugin already treats their tokens as a guest's. */
export function assertNotSuspended(
  user: Pick<UserRow, 'suspended_until' | 'suspension_reason'>,
  now: number,
) {
  if (isSuspended(user, now)) throw suspendedError(user);
}

export function presentMember(row: MemberRow, now: number): Member {
  const suspended = isSuspended(row, now);
  const until = Number(row.suspended_until);
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.is_admin === 1,
    isActive: row.is_active === 1,
    joinedAt: Number(row.created_at),
    messages: Number(row.messages ?? 0),
    suspension: suspended
      ? { until: until >= SUSPENDED_FOR_GOOD ? null : until, reason: row.suspension_reason ?? '' }
      : null,
    deleted: row.deleted_at !== null,
  };
}

/** Members whose name or email contains `query`, 7 at a time by name; `next` continues the list. */
export async function searchMembers(deps: DataDeps, actor: Actor, input: { q: string; after?: string }) {
  allow(actor);
  const rows = await searchMembersQuery(deps.db, {
    query: input.q,
    after: input.after,
    limit: MEMBERS_PAGE_SIZE + 1,
  }).execute();
  const page = rows.slice(0, MEMBERS_PAGE_SIZE);
  const hasMore = rows.length > MEMBERS_PAGE_SIZE;
  const now = deps.clock.now();
  return {
    users: page.map((row) => presentMember(row, now)),
    hasMore,
    next: hasMore ? (page.at(-1)?.username_key ?? null) : null,
  };
}

async function existingMember(db: Kysely<Database>, id: number) {
  const row = await findMember(db, id);
  if (!row) throw apiError('user_not_found');
  return row;
}

export async function getMember(deps: DataDeps, actor: Actor, id: number): Promise<Member> {
  allow(actor);
  return presentMember(await existingMember(deps.db, id), deps.clock.now());
}

/**
 * Suspends a member until a time or for good, with a reason. Their sessions end in the same
 * transaction, so nothing they send after this answer is taken as theirs.
 */
export async function suspendMember(
  deps: DataDeps,
  actor: Actor,
  id: number,
  input: { until: number | null; reason: string },
): Promise<Member> {
  allow(actor);
  if (actor?.id === id) throw apiError('cannot_suspend_self');
  const now = deps.clock.now();
  if (input.until !== null && input.until <= now) throw apiError('suspension_end_past');
  await deps.db.transaction().execute(async (trx) => {
    const member = await findMember(trx, id);
    if (!member) throw apiError('user_not_found');
    if (member.deleted_at !== null) throw apiError('user_deleted');
    if (member.is_admin === 1) throw apiError('cannot_suspend_admin');
    await setSuspension(trx, id, { until: input.until ?? SUSPENDED_FOR_GOOD, reason: input.reason });
    await revokeSessionsOf(trx, id);
    await recordModeration(trx, {
      adminId: actor.id,
      action: 'member_suspended',
      userId: id,
      afterText: input.reason,
      details: { until: input.until },
      createdAt: now,
    });
  });
  return getMember(deps, actor, id);
}

/** Lifts a suspension (a member who is not suspended stays as they are). */
export async function unsuspendMember(deps: DataDeps, actor: Actor, id: number): Promise<Member> {
  allow(actor);
  const member = await existingMember(deps.db, id);
  await deps.db.transaction().execute(async (trx) => {
    await setSuspension(trx, id, null);
    await recordModeration(trx, {
      adminId: actor.id,
      action: 'member_unsuspended',
      userId: id,
      beforeText: member.suspension_reason,
      details: { until: member.suspended_until },
      createdAt: deps.clock.now(),
    });
  });
  return getMember(deps, actor, id);
}

/** Makes a member an admin or takes it back; the last admin who can act keeps it (last_admin). */
export async function setMemberAdmin(
  deps: DataDeps,
  actor: Actor,
  id: number,
  isAdmin: boolean,
): Promise<Member> {
  if (!can.grantAdmin(actor)) throw apiError(actor ? 'forbidden' : 'unauthorized');
  await deps.db.transaction().execute(async (trx) => {
    const member = await findMember(trx, id);
    if (!member) throw apiError('user_not_found');
    if (isAdmin && member.deleted_at !== null) throw apiError('user_deleted');
    if (isAdmin && isSuspended(member, deps.clock.now())) throw apiError('cannot_promote_suspended');
    if (!isAdmin) {
      const admins = await lockActingAdmins(trx);
      if (admins.every((admin) => admin === id)) throw apiError('last_admin');
    }
    await setAdmin(trx, id, isAdmin);
    if ((member.is_admin === 1) === isAdmin) return;
    // The badge beside the member's name on every page that shows them.
    await publish(trx, { type: 'user.changed', userId: id });
    if (actor)
      await recordModeration(trx, {
        adminId: actor.id,
        action: isAdmin ? 'admin_granted' : 'admin_revoked',
        userId: id,
        createdAt: deps.clock.now(),
      });
  });
  return getMember(deps, actor, id);
}

/**
 * Deletes every message of a user: the topics they opened, each with its replies, and their replies
 * elsewhere through the message delete path (each topic's reply count, preview and order follow).
 * Each deletion is its own transaction, as when an admin deletes them one by one, so a long list
 * never holds a lock for long. `actor` deletes the replies: an admin, or the user themselves.
 */
export async function purgeMessagesOf(deps: DataDeps, actor: UserRow, userId: number) {
  let deletedMessages = 0;
  for (const replyId of await replyIdsOf(deps.db, userId)) {
    await removeMessage(deps, actorOf(actor), replyId);
    deletedMessages += 1;
  }
  let deletedTopics = 0;
  for (const topicId of await topicIdsOf(deps.db, userId)) {
    const topic = await findTopic(deps.db, topicId);
    if (!topic) continue;
    await deps.db.transaction().execute(async (trx) => {
      // A reply being added at this moment finishes first, then goes with the rest (as deleteTopic).
      await lockTopic(trx, topicId);
      const main = await findMessage(trx, topicId);
      // A member deleting their own account is not moderation; an admin's purge is.
      if (actor.id !== userId)
        await recordModeration(trx, {
          adminId: actor.id,
          action: 'topic_deleted',
          topicId,
          messageId: topicId,
          forumId: topic.forum_id,
          userId,
          beforeText: main?.content ?? null,
          details: { subject: topic.subject },
          createdAt: deps.clock.now(),
        });
      await deleteTopicWithMessages(trx, topicId);
      await publish(trx, { type: 'topic.deleted', topicId, forumId: topic.forum_id });
    });
    deletedTopics += 1;
  }
  return { deletedTopics, deletedMessages };
}

/** An admin deletes every message of a suspended member in one step. */
export async function deleteSuspendedMembersMessages(deps: DataDeps, admin: UserRow, id: number) {
  allow({ id: admin.id, isAdmin: admin.is_admin === 1 });
  const member = await existingMember(deps.db, id);
  if (!isSuspended(member, deps.clock.now())) throw apiError('not_suspended');
  const result = await purgeMessagesOf(deps, admin, id);
  // Each deletion above is its own transaction and logs itself; this entry sums the step up.
  await deps.db.transaction().execute((trx) =>
    recordModeration(trx, {
      adminId: admin.id,
      action: 'member_messages_deleted',
      userId: id,
      details: { ...result },
      createdAt: deps.clock.now(),
    }),
  );
  return result;
}
