import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import application code.

/** First-party analytics: page views and events (one of the additions listed in docs/product.md §7). No address is kept. */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'integer', (column) =>
      postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', sql.raw(postgres ? 'bigint' : 'integer'), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_events_created_at')
    .on('analytics_events')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
}
