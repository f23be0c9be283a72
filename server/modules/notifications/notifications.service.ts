import { publish } from '../../events';
import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { LIMITS } from '../../../shared/limits';
import { messagePath, notificationText } from '../../../shared/notification-texts';
import {
  CATEGORY_OF,
  type Notification,
  type NotificationCategory,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationsResponse,
} from '../../../shared/schemas/notifications';
import type { Clock } from '../../clock';
import type { Database, LikeRow, NotificationRow, TopicRow, UserRow } from '../../db/database';
import { presentUser } from '../users/users.presenter';
import { findUsersByIds } from '../users/users.repository';
import { dayStart, nextDayStart } from './days';
import * as repo from './notifications.repository';
import { mentionedUserIds, quotedMessageIds } from './references';

type Trx = Transaction<Database>;

/** When the daily digest goes out: this hour of the forum's morning. */
export const DIGEST_HOUR = 7;

interface StoredMessage {
  id: number;
  topic_id: number | null;
  user_id: number;
  content: string;
}

/** What notifications say about a message's topic. */
export type TopicFacts = Pick<TopicRow, 'id' | 'user_id' | 'forum_id' | 'subject'>;

/** A like of a message: who and when. */
export type LikeFact = Pick<LikeRow, 'user_id' | 'created_at'>;

/**
 * A change that may notify someone, as a write path reports it from inside its transaction.
 * `reply`, `topic` and `edit` carry the stored message (its mentions and quotes are read from its
 * markup) and, when the write has just read it, its topic; `edit` notifies only users the message
 * had not notified yet. `like` carries the message's topic and all its likes after the change,
 * oldest first (the write reads them for its answer anyway).
 */
export type NotificationEvent =
  | {
      kind: 'reply' | 'topic' | 'edit';
      message: StoredMessage;
      topic?: TopicFacts;
      actor: { id: number };
      now: number;
    }
  | {
      kind: 'like';
      message: StoredMessage;
      topic: TopicFacts;
      actor: { id: number };
      liked: boolean;
      likes: readonly LikeFact[];
      now: number;
    }
  | { kind: 'message_deleted'; message: StoredMessage; actor: { id: number }; now: number }
  | {
      kind: 'topic_deleted' | 'topic_moved' | 'topic_renamed';
      topicId: number;
      actor: { id: number };
      now: number;
    };

/**
 * Records the notifications of one change, and queues their mail, in the change's transaction:
 * a rollback notifies no one. Never for the actor's own action; never two for one event (a reply
 * that quotes and mentions the topic's author is one quote notification).
 */
export async function recordNotifications(trx: Trx, event: NotificationEvent): Promise<void> {
  switch (event.kind) {
    case 'reply':
    case 'topic':
    case 'edit':
      return recordMessage(trx, event);
    case 'like':
      return recordLike(trx, event);
    case 'message_deleted': {
      await repo.deleteNotificationsOfMessage(trx, event.message.id);
      const topic =
        event.message.topic_id === null ? undefined : await findTopicRow(trx, event.message.topic_id);
      if (!topic || event.message.user_id === event.actor.id) return;
      await notifyUser(trx, event.now, {
        userId: event.message.user_id,
        kind: 'message_deleted',
        actorId: event.actor.id,
        topicId: topic.id,
        messageId: null,
        forumId: topic.forum_id,
        subject: topic.subject,
      });
      return;
    }
    case 'topic_deleted': {
      const topic = await findTopicRow(trx, event.topicId);
      await repo.deleteNotificationsOfTopic(trx, event.topicId);
      if (!topic || topic.user_id === event.actor.id) return;
      await notifyUser(trx, event.now, {
        userId: topic.user_id,
        kind: 'topic_deleted',
        actorId: event.actor.id,
        topicId: null,
        messageId: null,
        forumId: topic.forum_id,
        subject: topic.subject,
      });
      return;
    }
    case 'topic_moved':
    case 'topic_renamed': {
      const topic = await findTopicRow(trx, event.topicId);
      if (!topic || topic.user_id === event.actor.id) return;
      await notifyUser(trx, event.now, {
        userId: topic.user_id,
        kind: event.kind,
        actorId: event.actor.id,
        topicId: topic.id,
        messageId: topic.id,
        forumId: topic.forum_id,
        subject: topic.subject,
      });
    }
  }
}

function findTopicRow(db: Trx, id: number): Promise<TopicRow | undefined> {
  return db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst();
}

async function recordMessage(
  trx: Trx,
  event: {
    kind: 'reply' | 'topic' | 'edit';
    message: StoredMessage;
    topic?: TopicFacts;
    actor: { id: number };
    now: number;
  },
): Promise<void> {
  const { message } = event;
  if (message.topic_id === null) return;
  const topic = event.topic ?? (await findTopicRow(trx, message.topic_id));
  if (!topic) return;
  // The most specific reason wins for each user: a quote, then a mention, then a reply.
  const reasons = new Map<number, NotificationKind>();
  const quoted = quotedMessageIds(message.content);
  if (quoted.length > 0) {
    const authors = await trx.selectFrom('messages').select('user_id').where('id', 'in', quoted).execute();
    for (const { user_id } of authors) reasons.set(user_id, 'quote');
  }
  for (const userId of mentionedUserIds(message.content))
    if (!reasons.has(userId)) reasons.set(userId, 'mention');
  if (event.kind === 'reply' && !reasons.has(topic.user_id)) reasons.set(topic.user_id, 'reply');
  reasons.delete(event.actor.id);
  if (event.kind === 'edit')
    for (const userId of await repo.usersNotifiedAbout(trx, message.id)) reasons.delete(userId);
  const recipients = await repo.activeRecipients(trx, [...reasons.keys()]);
  for (const [userId, kind] of reasons) {
    const preferences = recipients.get(userId);
    if (!preferences) continue;
    await notify(trx, event.now, preferences, {
      userId,
      kind,
      actorId: event.actor.id,
      topicId: topic.id,
      messageId: message.id,
      forumId: topic.forum_id,
      subject: topic.subject,
    });
  }
}

/**
 * Likes of one message in one forum day make one notification ("דני ועוד 3 אהבו…"): the first like
 * creates it (and its mail), later ones update who and how many and make it unread again; taking
 * back the last like of the day removes it.
 */
async function recordLike(trx: Trx, event: Extract<NotificationEvent, { kind: 'like' }>): Promise<void> {
  const { message, topic } = event;
  const ownerId = message.user_id;
  if (ownerId === event.actor.id) return;
  const from = dayStart(event.now);
  const to = nextDayStart(event.now);
  const groupKey = `like:${message.id}:${from}`;
  // The likes come oldest first, so the day's newest liker is the last one.
  const likers = event.likes.filter(
    (like) => like.user_id !== ownerId && like.created_at >= from && like.created_at < to,
  );
  const latest = likers.at(-1);
  if (!latest) {
    await repo.deleteGroup(trx, ownerId, groupKey);
    return;
  }
  const change = { actorId: latest.user_id, actorCount: likers.length, unread: event.liked };
  const groupId = await repo.updateGroup(trx, ownerId, groupKey, change);
  if (groupId !== undefined) {
    if (event.liked) await announce(trx, ownerId, groupId);
    return;
  }
  if (!event.liked) return;
  const preferences = (await repo.activeRecipients(trx, [ownerId])).get(ownerId);
  if (!preferences) return;
  const inserted = await notify(trx, event.now, preferences, {
    userId: ownerId,
    kind: 'like',
    actorId: latest.user_id,
    actorCount: likers.length,
    topicId: topic.id,
    messageId: message.id,
    forumId: topic.forum_id,
    subject: topic.subject,
    groupKey,
  });
  if (inserted) return;
  // A like at the same moment created the group first: count into it instead.
  const created = await repo.updateGroup(trx, ownerId, groupKey, { ...change, unread: true });
  if (created !== undefined) await announce(trx, ownerId, created);
}

/** Tells the user's open pages (GET /api/events?notifications=1) that their unread count changed. */
function announce(trx: Trx, userId: number, notificationId: number): Promise<void> {
  return publish(trx, { type: 'notification.created', userId, notificationId });
}

type NotificationDraft = Omit<repo.NewNotification, 'createdAt'> & { kind: NotificationKind };

/** notify, for a user whose preferences were not read with their account. */
async function notifyUser(trx: Trx, now: number, row: NotificationDraft): Promise<boolean> {
  return notify(trx, now, await repo.findPreferences(trx, row.userId), row);
}

/** Stores one notification and queues its mail as the user chose (`preferences`) for its category. */
async function notify(
  trx: Trx,
  now: number,
  preferences: NotificationPreferences,
  row: NotificationDraft,
): Promise<boolean> {
  const delivery = preferences[CATEGORY_OF[row.kind]];
  const notification = { ...row, createdAt: now };
  const created =
    delivery === 'immediate'
      ? await repo.insertNotificationWithMail(trx, notification, newMessageId())
      : await repo.insertNotification(trx, notification);
  if (!created) return false;
  await announce(trx, row.userId, created.id);
  if (delivery === 'digest') {
    await repo.markForDigest(trx, created.id);
    const dueAt = nextDayStart(now) + DIGEST_HOUR * 60 * 60 * 1000;
    await repo.enqueueMail(trx, {
      userId: row.userId,
      kind: 'digest',
      notificationId: null,
      dedupeKey: `digest:${row.userId}:${dueAt}`,
      messageIdHeader: newMessageId(),
      dueAt,
      now,
    });
  }
  return true;
}

/**
 * A Message-ID made once per queued mail; the domain part only has to be unique to us. A random
 * UUID comes from a buffered pool: `randomBytes` asked OpenSSL once per reply (0.7 % of its CPU).
 */
function newMessageId(): string {
  return `<${randomUUID()}@notifications.forum>`;
}

/** The notifications answer: rows newest first with their text, actors and the unread count. */
async function presentPage(
  db: Kysely<Database>,
  userId: number,
  rows: readonly NotificationRow[],
): Promise<NotificationsResponse> {
  const page = rows.slice(0, LIMITS.pageSize);
  const users = await findUsersByIds(
    db,
    page.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id])),
  );
  const names = new Map(users.map((user) => [user.id, user.username]));
  const forumIds = [...new Set(page.flatMap((row) => (row.forum_id === null ? [] : [row.forum_id])))];
  const forums =
    forumIds.length === 0
      ? []
      : await db.selectFrom('forums').select(['id', 'name']).where('id', 'in', forumIds).execute();
  const forumNames = new Map(forums.map((forum) => [forum.id, forum.name]));
  return {
    notifications: page.map((row) => presentNotification(row, names, forumNames)),
    hasMoreNotifications: rows.length > LIMITS.pageSize,
    unreadCount: await repo.countUnread(db, userId),
    users: users.map(presentUser),
  };
}

export function presentNotification(
  row: NotificationRow,
  names: ReadonlyMap<number, string>,
  forumNames: ReadonlyMap<number, string>,
): Notification {
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    kind,
    actorId: row.actor_id,
    actorCount: row.actor_count,
    topicId: row.topic_id,
    messageId: row.message_id,
    forumId: row.forum_id,
    subject: row.subject,
    date: new Date(Number(row.created_at)).toISOString(),
    read: row.read_at !== null,
    link: row.topic_id !== null && row.message_id !== null ? messagePath(row.topic_id, row.message_id) : null,
    text: notificationText({
      kind,
      actorName: row.actor_id === null ? null : (names.get(row.actor_id) ?? null),
      actorCount: row.actor_count,
      subject: row.subject,
      forumName: row.forum_id === null ? null : forumNames.get(row.forum_id),
    }),
  };
}

/** The user's notifications, newest first: the first page, or the one below `before`. */
export async function listNotifications(
  db: Kysely<Database>,
  user: UserRow,
  before?: number,
): Promise<NotificationsResponse> {
  const rows = await repo.listNotifications(db, user.id, { before, limit: LIMITS.pageSize + 1 });
  return presentPage(db, user.id, rows);
}

export async function unreadCount(db: Kysely<Database>, user: UserRow): Promise<number> {
  return repo.countUnread(db, user.id);
}

export interface Deps {
  db: Kysely<Database>;
  clock: Clock;
}

export async function readAll(deps: Deps, user: UserRow): Promise<number> {
  await repo.markAllRead(deps.db, user.id, deps.clock.now());
  return 0;
}

/** Reading messages marks the user's notifications about them (and their topic's) read. */
export async function readInTopic(
  deps: Deps,
  user: UserRow,
  input: { topicId: number; messageIds: number[] },
): Promise<number> {
  await repo.markReadInTopic(deps.db, user.id, input.topicId, input.messageIds, deps.clock.now());
  return repo.countUnread(deps.db, user.id);
}

export function getPreferences(db: Kysely<Database>, user: UserRow): Promise<NotificationPreferences> {
  return repo.findPreferences(db, user.id);
}

export async function setPreferences(
  deps: Deps,
  user: UserRow,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await repo.savePreferences(deps.db, user.id, preferences, deps.clock.now());
  return preferences;
}

/** Active users whose username starts with `prefix` (case and niqqud aside), for the writer's @. */
export async function lookupMentions(db: Kysely<Database>, prefix: string) {
  const key = prefix
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\\%_]/g, (char) => `\\${char}`);
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'is_admin'])
    .where('is_active', '=', 1)
    .where(sql<boolean>`username_key like ${`${key}%`} escape '\\'`)
    .orderBy('username_key')
    .limit(LIMITS.pageSize)
    .execute();
  return { users: rows.map(presentUser) };
}

/** A one-click unsubscribe: mail for the category (or every category) becomes "never". */
export async function unsubscribe(
  deps: Deps,
  userId: number,
  scope: NotificationCategory | 'all',
): Promise<void> {
  const current = await repo.findPreferences(deps.db, userId);
  const next: NotificationPreferences =
    scope === 'all'
      ? { replies: 'never', mentions: 'never', likes: 'never', moderation: 'never' }
      : { ...current, [scope]: 'never' };
  const exists = await deps.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (exists) await repo.savePreferences(deps.db, userId, next, deps.clock.now());
}
