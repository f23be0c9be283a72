import type { Kysely } from 'kysely';

// Frozen in time: this file must never import application code.

/**
 * How far each member has read each topic they opened: the newest message of it they have seen.
 * The lists count a topic's messages after it as unread. A row goes with its topic (cascade); an
 * account's deletion removes its rows in the same transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('topic_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('last_read_message_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_reads_pkey', ['user_id', 'topic_id'])
    .execute();
  // A topic's deletion finds its rows through this.
  await db.schema.createIndex('topic_reads_topic_id').on('topic_reads').column('topic_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('topic_reads').execute();
}
