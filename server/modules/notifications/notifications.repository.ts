import { type Kysely, type QueryCreator, sql, type Transaction } from 'kysely';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../../shared/schemas/notifications';
import { compiledOnce, integerPlaceholder, textPlaceholder } from '../../db/compiled-once';
import { databaseKind } from '../../db/connect';
import type { Database, NotificationRow } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewNotification {
  userId: number;
  kind: string;
  actorId: number | null;
  topicId: number | null;
  messageId: number | null;
  forumId: number | null;
  subject: string;
  groupKey?: string | null;
  actorCount?: number;
  createdAt: number;
}

/**
 * Inserts a notification. A grouped one (likes) whose group another transaction has just created
 * meets the unique (user_id, group_key) index and is not inserted: undefined, and the caller updates.
 */
export async function insertNotification(db: Db, row: NewNotification): Promise<NotificationRow | undefined> {
  const [inserted] = await compiledInsertNotification(db, ...notificationValues(row));
  return inserted;
}

/**
 * insertNotification with its immediate mail queued in the same transaction: one statement on
 * PostgreSQL, two on SQLite (no data-modifying CTEs there). No mail when the insert met its group.
 */
export async function insertNotificationWithMail(
  db: Transaction<Database>,
  row: NewNotification,
  messageIdHeader: string,
): Promise<NotificationRow | undefined> {
  if (databaseKind(db) === 'postgres') {
    const [inserted] = await compiledInsertNotificationWithMail(
      db,
      messageIdHeader,
      ...notificationValues(row),
    );
    return inserted;
  }
  const inserted = await insertNotification(db, row);
  if (inserted)
    await enqueueMail(db, {
      userId: inserted.user_id,
      kind: 'immediate',
      notificationId: inserted.id,
      dedupeKey: null,
      messageIdHeader,
      dueAt: inserted.created_at,
      now: inserted.created_at,
    });
  return inserted;
}

function notificationValues(row: NewNotification): NotificationValues {
  return [
    row.userId,
    row.kind,
    row.actorId,
    row.actorCount ?? 1,
    row.topicId,
    row.messageId,
    row.forumId,
    row.subject,
    row.groupKey ?? null,
    row.createdAt,
  ];
}

/**
 * The statements every like runs (and every reply, once per notified user), each compiled once:
 * building and compiling them was about a tenth of a like's CPU (bench profile).
 */
const USER_ID = integerPlaceholder(0);
const ACTOR_ID = integerPlaceholder(1);
const ACTOR_COUNT = integerPlaceholder(2);
const TOPIC_ID = integerPlaceholder(3);
const MESSAGE_ID = integerPlaceholder(4);
const FORUM_ID = integerPlaceholder(5);
const CREATED_AT = integerPlaceholder(6);
const KIND = textPlaceholder('kind');
const SUBJECT = textPlaceholder('subject');
const GROUP_KEY = textPlaceholder('group key');

/** The notification insert, on its own (SQLite, grouped likes) or under the mail's CTE (PostgreSQL). */
function insertNotificationQuery(
  db: QueryCreator<Database>,
  userId: number,
  kind: string,
  actorId: number | null,
  actorCount: number,
  topicId: number | null,
  messageId: number | null,
  forumId: number | null,
  subject: string,
  groupKey: string | null,
  createdAt: number,
) {
  return db
    .insertInto('notifications')
    .values({
      user_id: userId,
      kind,
      actor_id: actorId,
      actor_count: actorCount,
      topic_id: topicId,
      message_id: messageId,
      forum_id: forumId,
      subject,
      group_key: groupKey,
      created_at: createdAt,
      read_at: null,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'group_key']).doNothing())
    .returningAll();
}

/** insertNotificationQuery's values, in its order. */
type NotificationValues =
  Parameters<typeof insertNotificationQuery> extends [unknown, ...infer Values] ? Values : never;

const NOTIFICATION_PLACEHOLDERS: NotificationValues = [
  USER_ID,
  KIND,
  ACTOR_ID,
  ACTOR_COUNT,
  TOPIC_ID,
  MESSAGE_ID,
  FORUM_ID,
  SUBJECT,
  GROUP_KEY,
  CREATED_AT,
];

const compiledInsertNotification = compiledOnce(insertNotificationQuery, NOTIFICATION_PLACEHOLDERS);

/**
 * PostgreSQL: the notification and its immediate mail in one statement (a data-modifying CTE), one
 * round trip of a reply's ten fewer. The mail takes the notification's user, id and time (an
 * immediate mail is due when it is queued); nothing is queued when the insert met its group.
 */
const compiledInsertNotificationWithMail = compiledOnce(
  (db, messageIdHeader: string, ...notification: NotificationValues) =>
    db
      .with('created', (cte) => insertNotificationQuery(cte, ...notification))
      .with('queued', (cte) =>
        cte
          .insertInto('notification_mails')
          .columns([
            'user_id',
            'kind',
            'notification_id',
            'message_id_header',
            'status',
            'next_attempt_at',
            'created_at',
          ])
          .expression((eb) =>
            eb
              .selectFrom('created')
              .select([
                'created.user_id',
                sql.lit('immediate').as('kind'),
                'created.id',
                eb.val(messageIdHeader).as('message_id_header'),
                sql.lit('pending').as('status'),
                'created.created_at as next_attempt_at',
                'created.created_at',
              ]),
          ),
      )
      .selectFrom('created')
      .selectAll(),
  [textPlaceholder('message id header'), ...NOTIFICATION_PLACEHOLDERS] as [string, ...NotificationValues],
);

/**
 * The active users among `userIds`, each with their notification preferences (the defaults when
 * they never saved any): who may be notified and how, in one query.
 */
export async function activeRecipients(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, NotificationPreferences>> {
  const recipients = new Map<number, NotificationPreferences>();
  const distinct = [...new Set(userIds)];
  if (distinct.length === 0) return recipients;
  // One recipient (a like's, most replies') is the common case, worth its compiled statement.
  const [only] = distinct;
  const rows =
    distinct.length === 1 && only !== undefined
      ? await compiledActiveRecipient(db, only)
      : await activeRecipientsQuery(db, distinct).execute();
  for (const { id, ...saved } of rows) recipients.set(id, preferencesOf(saved));
  return recipients;
}

function activeRecipientsQuery(db: Db, userIds: readonly number[]) {
  return db
    .selectFrom('users')
    .leftJoin('notification_preferences as preferences', 'preferences.user_id', 'users.id')
    .select([
      'users.id',
      'preferences.replies',
      'preferences.mentions',
      'preferences.likes',
      'preferences.moderation',
    ])
    .where('users.id', 'in', userIds)
    .where('users.is_active', '=', 1);
}

const compiledActiveRecipient = compiledOnce((db, userId: number) => activeRecipientsQuery(db, [userId]), [
  USER_ID,
] as const);

/** A saved preferences row as the four choices, or the defaults when there is none. */
function preferencesOf(row: {
  replies: string | null;
  mentions: string | null;
  likes: string | null;
  moderation: string | null;
}): NotificationPreferences {
  if (row.replies === null || row.mentions === null || row.likes === null || row.moderation === null)
    return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return row as NotificationPreferences;
}

/** The users who already have a notification about a message. */
export async function usersNotifiedAbout(db: Db, messageId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('notifications')
    .select('user_id')
    .where('message_id', '=', messageId)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/**
 * Sets who and how many a user's notification group names (a like group), and makes it unread
 * again when asked, in one statement returning the group's id (no row when there is none).
 */
export function updateGroupQuery(
  db: Db,
  userId: number,
  groupKey: string,
  change: { actorId: number; actorCount: number; unread: boolean },
) {
  return db
    .updateTable('notifications')
    .set({
      actor_id: change.actorId,
      actor_count: change.actorCount,
      ...(change.unread ? { read_at: null } : {}),
    })
    .where('user_id', '=', userId)
    .where('group_key', '=', groupKey)
    .returning('id');
}

/** updateGroupQuery run: the group's id, or undefined when the user has no such group. */
export async function updateGroup(
  db: Db,
  userId: number,
  groupKey: string,
  change: { actorId: number; actorCount: number; unread: boolean },
): Promise<number | undefined> {
  const update = change.unread ? compiledGroupUpdate.unread : compiledGroupUpdate.keepRead;
  const [row] = await update(db, userId, groupKey, change.actorId, change.actorCount);
  return row?.id;
}

const compiledGroupUpdate = {
  unread: compiledGroupUpdateQuery(true),
  keepRead: compiledGroupUpdateQuery(false),
};

function compiledGroupUpdateQuery(unread: boolean) {
  return compiledOnce(
    (db, userId: number, groupKey: string, actorId: number, actorCount: number) =>
      updateGroupQuery(db, userId, groupKey, { actorId, actorCount, unread }),
    [USER_ID, GROUP_KEY, ACTOR_ID, ACTOR_COUNT] as const,
  );
}

/** Removes a user's notification group (the last like of a day taken back). */
export async function deleteGroup(db: Db, userId: number, groupKey: string): Promise<void> {
  await compiledDeleteGroup(db, userId, groupKey);
}

const compiledDeleteGroup = compiledOnce(
  (db, userId: number, groupKey: string) =>
    db.deleteFrom('notifications').where('user_id', '=', userId).where('group_key', '=', groupKey),
  [USER_ID, GROUP_KEY] as const,
);

export async function deleteNotificationsOfMessage(db: Db, messageId: number): Promise<void> {
  await db.deleteFrom('notifications').where('message_id', '=', messageId).execute();
}

export async function deleteNotificationsOfTopic(db: Db, topicId: number): Promise<void> {
  await db.deleteFrom('notifications').where('topic_id', '=', topicId).execute();
}

/** A page of a user's notifications, newest first, below `before` when given. */
export function listNotifications(db: Db, userId: number, options: { before?: number; limit: number }) {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.orderBy('id', 'desc').limit(options.limit).execute();
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function markAllRead(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** Marks read what a user sees on a topic page: notifications of the shown messages and of the topic. */
export async function markReadInTopic(
  db: Db,
  userId: number,
  topicId: number,
  messageIds: readonly number[],
  now: number,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('topic_id', '=', topicId)
    .where((eb) =>
      eb.or([
        eb('kind', 'in', ['topic_moved', 'topic_renamed']),
        ...(messageIds.length > 0 ? [eb('message_id', 'in', [...messageIds])] : []),
      ]),
    )
    .execute();
}

export async function findPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['replies', 'mentions', 'likes', 'moderation'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? (row as NotificationPreferences) : { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

export async function savePreferences(
  db: Db,
  userId: number,
  preferences: NotificationPreferences,
  now: number,
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...preferences, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...preferences, updated_at: now }))
    .execute();
}

export async function markForDigest(db: Db, notificationId: number): Promise<void> {
  await db.updateTable('notifications').set({ in_digest: 1 }).where('id', '=', notificationId).execute();
}

/** A reply's mail to the topic's author is queued with it: compiled once, as the notification is. */
const compiledEnqueueMail = compiledOnce(
  (
    db,
    userId: number,
    kind: string,
    notificationId: number | null,
    dedupeKey: string | null,
    messageIdHeader: string,
    dueAt: number,
    now: number,
  ) =>
    db
      .insertInto('notification_mails')
      .values({
        user_id: userId,
        // Typed as text for its placeholder; enqueueMail passes only the two kinds.
        kind: kind as 'immediate' | 'digest',
        notification_id: notificationId,
        dedupe_key: dedupeKey,
        message_id_header: messageIdHeader,
        status: 'pending',
        next_attempt_at: dueAt,
        created_at: now,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing()),
  [
    USER_ID,
    textPlaceholder('mail kind'),
    integerPlaceholder(7),
    textPlaceholder('dedupe key'),
    textPlaceholder('message id header'),
    integerPlaceholder(8),
    integerPlaceholder(9),
  ] as const,
);

export async function enqueueMail(
  db: Db,
  mail: {
    userId: number;
    kind: 'immediate' | 'digest';
    notificationId: number | null;
    dedupeKey: string | null;
    messageIdHeader: string;
    dueAt: number;
    now: number;
  },
): Promise<void> {
  await compiledEnqueueMail(
    db,
    mail.userId,
    mail.kind,
    mail.notificationId,
    mail.dedupeKey,
    mail.messageIdHeader,
    mail.dueAt,
    mail.now,
  );
}
