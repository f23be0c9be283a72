import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * The tables as the code sees them. Times are milliseconds since the epoch (BIGINT on PostgreSQL,
 * read back as numbers); flags are 0/1 integers on both databases so one query code serves both.
 */
export interface Database {
  analytics_events: AnalyticsEventsTable;
  users: UsersTable;
  sessions: SessionsTable;
  forums: ForumsTable;
  topics: TopicsTable;
  messages: MessagesTable;
  likes: LikesTable;
  message_reports: MessageReportsTable;
  images: ImagesTable;
  captcha_solutions: CaptchaSolutionsTable;
  rate_limits: RateLimitsTable;
  pending_mails: PendingMailsTable;
  site_settings: SiteSettingsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_mails: NotificationMailsTable;
  moderation_log: ModerationLogTable;
  topic_reads: TopicReadsTable;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: uniqueness ignores case. */
  username_key: string;
  email: string;
  /** Lower-cased email: uniqueness ignores case. */
  email_key: string;
  password_hash: string;
  /** yyyy-mm-dd */
  birthdate: string | null;
  is_admin: number;
  is_active: number;
  created_at: number;
  activated_at: number | null;
  /** Raised by every password change; a reset link carries it, so the link works once. */
  password_version: Generated<number>;
  /** Writes and logins are refused until this time; a far-future time means for good. */
  suspended_until: number | null;
  suspension_reason: string | null;
  /** Set when the owner deleted the account; the row stays for the messages that refer to it. */
  deleted_at: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the bearer token, hex; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
}

export interface ForumsTable {
  id: number;
  name: string;
  icon: string;
  /** The admin's order (bottom bar, footer, move box); ids never change. */
  position: number;
  /** One line shown on the forum page. */
  description: string;
}

/** Site settings an admin changed; a missing key reads its environment default. */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: number | null;
}

export interface TopicsTable {
  /** Equals the id of the main message. */
  id: number;
  forum_id: number;
  user_id: number;
  subject: string;
  /** Subject normalised for search (shared/hebrew.ts). */
  subject_search: string;
  /** Name of the big image; the small one has "small" in place of "big". */
  image: string;
  /** Plain-text preview of the main message. */
  preview: string;
  replies: number;
  created_at: number;
  /** Last-activity order key, unique: see topics.repository activityTimestamp. */
  timestamp: number;
}

export interface MessagesTable {
  id: Generated<number>;
  /** Null only inside the transaction that creates a topic (the topic takes this message's id). */
  topic_id: number | null;
  user_id: number;
  /** Sanitised HTML. */
  content: string;
  /** Plain text of the content, normalised for search. */
  content_search: string;
  created_at: number;
  updated_at: number | null;
}

export interface LikesTable {
  message_id: number;
  user_id: number;
  created_at: number;
}

export interface MessageReportsTable {
  id: Generated<number>;
  /** Not a foreign key: a report outlives its message. */
  message_id: number;
  content: string;
  email: string;
  reporter_user_id: number | null;
  timestamp: number;
  is_open: number;
  closed_by: number | null;
  closed_at: number | null;
}

export interface ImagesTable {
  /** File name as served under /api/images/{name}. */
  name: string;
  content_type: string;
  data: Buffer;
  created_at: number;
}

export interface CaptchaSolutionsTable {
  /** SHA-256 of the solved challenge's signature: a replay hits the primary key. */
  challenge_hash: string;
  expires_at: number;
}

export interface RateLimitsTable {
  /** SHA-256 of action, scope and value (an IP or an email), so no address is kept in clear. */
  key: string;
  window_start: number;
  count: number;
}

export interface PendingMailsTable {
  id: Generated<number>;
  /** What to send; the link is made afresh at each attempt and never stored. */
  kind: 'activation';
  user_id: number;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
}

/** First-party analytics (one of the additions listed in docs/product.md §7): page views and events, never an address. */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  /** page_view or event */
  kind: string;
  /** The event's name; null for a page view. */
  name: string | null;
  path: string;
  label: string | null;
  user_id: number | null;
  created_at: number;
}

/** What happened to a user: see server/modules/notifications. */
export interface NotificationsTable {
  id: Generated<number>;
  /** Who is told. */
  user_id: number;
  kind: string;
  /** Who did it (the last liker of a like group); null once that account is gone. */
  actor_id: number | null;
  /** How many users the notification speaks for (the likers of a like group). */
  actor_count: Generated<number>;
  topic_id: number | null;
  message_id: number | null;
  forum_id: number | null;
  /** The topic's subject when it happened: a deleted topic's notification still names it. */
  subject: Generated<string>;
  /** Likes of one message in one day share a row: `like:{messageId}:{dayStart}`. */
  group_key: string | null;
  created_at: number;
  read_at: number | null;
  /** 1 while waiting for the daily digest. */
  in_digest: Generated<number>;
}

export interface NotificationPreferencesTable {
  user_id: number;
  replies: string;
  mentions: string;
  likes: string;
  moderation: string;
  updated_at: number;
}

export interface NotificationMailsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'immediate' | 'digest';
  notification_id: number | null;
  dedupe_key: string | null;
  message_id_header: string;
  /** pending, sending (claimed), sent, abandoned (outcome unknown, never retried) or dropped. */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_at: number | null;
  claimed_by: string | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type NotificationMailRow = Selectable<NotificationMailsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type TopicRow = Selectable<TopicsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type LikeRow = Selectable<LikesTable>;
export type ForumRow = Selectable<ForumsTable>;
export type MessageReportRow = Selectable<MessageReportsTable>;
export type NewAnalyticsEvent = Insertable<AnalyticsEventsTable>;

/** One admin action (docs/product.md §6): who, when, what, and the text before the change. */
export interface ModerationLogTable {
  id: Generated<number>;
  /** The admin who acted; null once that account row is gone. */
  admin_id: number | null;
  action: string;
  topic_id: number | null;
  message_id: number | null;
  forum_id: number | null;
  user_id: number | null;
  /** The subject or message HTML before the change; for a deleted message its last text. */
  before_text: string | null;
  after_text: string | null;
  /** A small JSON object (e.g. the forum a topic left). */
  details: Generated<string>;
  created_at: number;
}

export type ModerationLogRow = Selectable<ModerationLogTable>;

/** How far a member has read a topic: the newest of its messages they have seen. */
export interface TopicReadsTable {
  user_id: number;
  topic_id: number;
  last_read_message_id: number;
}
