import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import application code.

/**
 * Running a forum (additions to the spec): the admin's forum order and descriptions, site settings
 * kept in the database, suspensions and deleted accounts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = postgres ? 'bigint' : 'integer';

  // The order the admin chose; the ids stay as they are. Existing forums keep their id order.
  await db.schema
    .alterTable('forums')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('forums')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.updateTable('forums').set({ position: sql`id` }).execute();
  await db.schema.createIndex('forums_position').on('forums').columns(['position', 'id']).execute();

  // Values an admin changed; a key without a row reads its default from the environment.
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', sql.raw(bigint), (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  // A suspension ends at suspended_until (a far-future time for "for good"); deleted_at marks an
  // account its owner deleted: the row stays because messages still refer to it.
  await db.schema.alterTable('users').addColumn('suspended_until', sql.raw(bigint)).execute();
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('deleted_at', sql.raw(bigint)).execute();
  // Admins are counted on every demotion ("not the last admin").
  await db.schema.createIndex('users_is_admin').on('users').columns(['is_admin', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_is_admin').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.alterTable('users').dropColumn('suspension_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_until').execute();
  await db.schema.dropTable('site_settings').execute();
  await db.schema.dropIndex('forums_position').execute();
  await db.schema.alterTable('forums').dropColumn('description').execute();
  await db.schema.alterTable('forums').dropColumn('position').execute();
}
