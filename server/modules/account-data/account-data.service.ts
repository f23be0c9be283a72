import type { Kysely } from 'kysely';
import { apiError } from '../../http-error';
import type { DataDeps } from '../../deps';
import type { Database, UserRow } from '../../db/database';
import { can } from '../../../shared/policies';
import type { AccountExport } from '../../../shared/schemas/account-data';
import { actorOf } from '../../actor';
import { publish } from '../../events';
import { verifyPassword } from '../accounts/password';
import { revokeSessionsOf } from '../accounts/revoke-sessions';
import { lockActingAdmins } from '../members/members.repository';
import { purgeMessagesOf } from '../members/members.service';
import { forgetReading, placesOf } from '../reading/reading.repository';
import { anonymiseUser, likesOf, messagesOf, releaseHeldUsername, topicsOf } from './account-data.repository';

/** How long a deleted account's username stays taken, so nobody passes as its owner at once. */
export const USERNAME_HOLD_MS = 30 * 24 * 60 * 60 * 1000;

/** How a deleted account's messages show their writer. */
export const DELETED_USER_NAME = 'משתמש שנמחק';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const isoOf = (ms: number) => new Date(Number(ms)).toISOString();

/** Everything the site keeps of the user that they wrote or chose, and where they read, as one JSON document. */
export async function exportAccount(deps: DataDeps, user: UserRow): Promise<AccountExport> {
  if (!can.exportOwnData(actorOf(user))) throw apiError('unauthorized');
  const [topics, messages, likes, places] = await Promise.all([
    topicsOf(deps.db, user.id),
    messagesOf(deps.db, user.id),
    likesOf(deps.db, user.id),
    placesOf(deps.db, user.id),
  ]);
  return {
    exportedAt: isoOf(deps.clock.now()),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      birthdate: user.birthdate,
      isAdmin: user.is_admin === 1,
      joinedAt: isoOf(user.created_at),
      activatedAt: iso(user.activated_at),
    },
    topics: topics.map((topic) => ({
      id: topic.id,
      forumId: topic.forum_id,
      subject: topic.subject,
      image: topic.image,
      replies: topic.replies,
      createdAt: isoOf(topic.created_at),
    })),
    messages: messages.map((message) => ({
      id: message.id,
      topicId: message.topic_id,
      content: message.content,
      createdAt: isoOf(message.created_at),
      updatedAt: iso(message.updated_at),
    })),
    likes: likes.map((like) => ({ messageId: like.message_id, likedAt: isoOf(like.created_at) })),
    readingPlaces: places.map((place) => ({
      topicId: place.topic_id,
      lastReadMessageId: place.last_read_message_id,
    })),
  };
}

/**
 * Deletes the user's own account after checking the password again. Their messages go first when
 * they ask (each through the delete path), otherwise they stay under "a deleted user". The last
 * admin cannot leave the site without one. The username stays taken for USERNAME_HOLD_MS.
 */
export async function deleteAccount(
  deps: DataDeps,
  user: UserRow,
  input: { password: string; deleteMessages: boolean },
) {
  if (!can.deleteOwnAccount(actorOf(user))) throw apiError('unauthorized');
  if (!(await verifyPassword(user.password_hash, input.password))) throw apiError('wrong_password');
  if (user.is_admin === 1) {
    // Checked before anything is deleted, and again under the lock below.
    await deps.db.transaction().execute(async (trx) => {
      if ((await lockActingAdmins(trx)).every((id) => id === user.id)) throw apiError('last_admin');
    });
  }
  const purged = input.deleteMessages
    ? await purgeMessagesOf(deps, user, user.id)
    : { deletedTopics: 0, deletedMessages: 0 };
  await deps.db.transaction().execute(async (trx) => {
    if (user.is_admin === 1 && (await lockActingAdmins(trx)).every((id) => id === user.id)) {
      throw apiError('last_admin');
    }
    await anonymiseUser(trx, user.id, deps.clock.now(), DELETED_USER_NAME);
    await forgetReading(trx, user.id);
    // The messages kept show the deleted user's name and picture from now on, cached pages too.
    await publish(trx, { type: 'user.changed', userId: user.id });
    await revokeSessionsOf(trx, user.id);
  });
  return { ok: true as const, ...purged };
}

/** Called by registration before it checks the name: frees the name of an account deleted long enough ago. */
export function releaseUsernameIfHeldTooLong(db: Kysely<Database>, username: string, now: number) {
  return releaseHeldUsername(db, username.toLowerCase(), now - USERNAME_HOLD_MS);
}
