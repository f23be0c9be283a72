import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import application code.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = postgres ? 'bigint' : 'integer';
  const binary = postgres ? 'bytea' : 'blob';
  const autoId = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (column) =>
        postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
      );

  await autoId('users')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('birthdate', 'text')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
    .addColumn('activated_at', sql.raw(bigint))
    .execute();

  await autoId('sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
    .addColumn('expires_at', sql.raw(bigint), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('forums')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('topics')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('forum_id', 'integer', (c) => c.notNull().references('forums.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('subject_search', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('replies', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
    .addColumn('timestamp', sql.raw(bigint), (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createIndex('topics_forum_timestamp')
    .on('topics')
    .columns(['forum_id', 'timestamp'])
    .execute();
  await db.schema.createIndex('topics_user_id').on('topics').column('user_id').execute();

  await autoId('messages')
    .addColumn('topic_id', 'integer', (c) => c.references('topics.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_search', 'text', (c) => c.notNull())
    .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
    .addColumn('updated_at', sql.raw(bigint))
    .execute();
  await db.schema.createIndex('messages_topic_id').on('messages').columns(['topic_id', 'id']).execute();
  await db.schema.createIndex('messages_user_id').on('messages').column('user_id').execute();

  await db.schema
    .createTable('likes')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['message_id', 'user_id'])
    .execute();

  await autoId('message_reports')
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reporter_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('timestamp', sql.raw(bigint), (c) => c.notNull())
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('closed_at', sql.raw(bigint))
    .execute();
  await db.schema
    .createIndex('message_reports_message_id')
    .on('message_reports')
    .column('message_id')
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', sql.raw(binary), (c) => c.notNull())
    .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'images',
    'message_reports',
    'likes',
    'messages',
    'topics',
    'forums',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
