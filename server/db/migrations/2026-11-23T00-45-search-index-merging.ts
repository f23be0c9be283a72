import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import application code.

/**
 * SQLite: FTS5 merges its index segments after a write (automerge), inside that write's
 * transaction. On the 1,000,000-message benchmark forum that made one reply in a hundred take
 * 150 ms to 1.6 s, and the mean 12 ms a message (measured). Without automerge a commit only writes
 * its own small segment; a level is merged once it holds `crisismerge` segments, which keeps every
 * merge of the small levels short, and the searches read at most that many segments per level.
 * The settings are stored in each index's config table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const fts of ['messages_fts', 'topics_fts']) {
    const table = sql.raw(fts);
    await sql`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', 0)`.execute(db);
    await sql`INSERT INTO ${table} (${table}, rank) VALUES ('crisismerge', 64)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const fts of ['messages_fts', 'topics_fts']) {
    const table = sql.raw(fts);
    await sql`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', 4)`.execute(db);
    await sql`INSERT INTO ${table} (${table}, rank) VALUES ('crisismerge', 16)`.execute(db);
  }
}
