import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import application code.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = sql.raw(postgres ? 'bigint' : 'integer');
  const table = (name: string) =>
    postgres
      ? db.schema
          .createTable(name)
          .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // What happened to whom. topic_id and message_id are not foreign keys: a "your topic was deleted"
  // notification outlives its topic, and the write paths delete the others with their message.
  await table('notifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('topic_id', 'integer')
    .addColumn('message_id', 'integer')
    .addColumn('forum_id', 'integer')
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    // One row per group (the likes of one message in one day): a second like updates it.
    .addColumn('group_key', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('read_at', bigint)
    // 1 while the notification waits for the user's daily digest.
    .addColumn('in_digest', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('notifications_user_id')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
  await db.schema.createIndex('notifications_message_id').on('notifications').column('message_id').execute();
  await db.schema.createIndex('notifications_topic_id').on('notifications').column('topic_id').execute();
  await db.schema
    .createIndex('notifications_group')
    .on('notifications')
    .columns(['user_id', 'group_key'])
    .unique()
    .execute();

  // How each user wants to hear of each category; no row means the defaults.
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('replies', 'text', (c) => c.notNull())
    .addColumn('mentions', 'text', (c) => c.notNull())
    .addColumn('likes', 'text', (c) => c.notNull())
    .addColumn('moderation', 'text', (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  // The durable mail queue, written in the transaction of the change that caused the mail.
  await table('notification_mails')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // An immediate mail goes with its notification (a deleted message takes its mail with it).
    .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('cascade'))
    // One digest per user and day.
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    // The Message-ID header, fixed when queued, so a mail has one identity however often it is tried.
    .addColumn('message_id_header', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', bigint, (c) => c.notNull())
    .addColumn('claimed_at', bigint)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('sent_at', bigint)
    .execute();
  await db.schema
    .createIndex('notification_mails_due')
    .on('notification_mails')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notification_mails_notification_id')
    .on('notification_mails')
    .column('notification_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_mails').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('notifications').execute();
}
