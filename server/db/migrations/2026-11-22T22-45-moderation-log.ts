import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import application code.

/**
 * The moderation log: one row per admin action, written in the action's own transaction. The
 * target ids are not foreign keys: an entry outlives the topic, message, forum or user it names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = sql.raw(postgres ? 'bigint' : 'integer');
  const table = postgres
    ? db.schema
        .createTable('moderation_log')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : db.schema
        .createTable('moderation_log')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('topic_id', 'integer')
    .addColumn('message_id', 'integer')
    .addColumn('forum_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('before_text', 'text')
    .addColumn('after_text', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  // Pages are read newest first by id (keyset); the primary key serves them on both databases.
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('moderation_log').execute();
}
