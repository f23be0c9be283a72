import type { Kysely } from 'kysely';

// Frozen in time: this file must never import application code.

/** The moderation queue lists open reports newest first; closed ones must not be scanned past. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('message_reports_open_id')
    .on('message_reports')
    .columns(['is_open', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('message_reports_open_id').execute();
}
