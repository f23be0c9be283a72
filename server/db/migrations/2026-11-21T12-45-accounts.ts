import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import application code.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = postgres ? 'bigint' : 'integer';

  // Carried inside each password-reset link and raised by every password change, so a link works
  // once and an older link dies when the password changes by any route.
  await db.schema
    .alterTable('users')
    .addColumn('password_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Solved captcha challenges, kept until they expire so a replay is refused on every instance.
  await db.schema
    .createTable('captcha_solutions')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', sql.raw(bigint), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('captcha_solutions_expires_at')
    .on('captcha_solutions')
    .column('expires_at')
    .execute();

  // Fixed-window request counters shared by all instances; the key is a hash of action, scope and value.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', sql.raw(bigint), (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute();

  // Mails that could not be sent. Only the kind and the user are kept: the link is made afresh at
  // each attempt, so no link value is ever stored.
  const autoId = postgres
    ? db.schema
        .createTable('pending_mails')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : db.schema
        .createTable('pending_mails')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await autoId
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', sql.raw(bigint), (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', sql.raw(bigint), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_mails_next_attempt_at')
    .on('pending_mails')
    .column('next_attempt_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_mails').execute();
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('captcha_solutions').execute();
  await db.schema.alterTable('users').dropColumn('password_version').execute();
}
