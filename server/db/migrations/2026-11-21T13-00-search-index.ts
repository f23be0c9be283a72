import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import application code.

/**
 * Substring search over topic subjects and message bodies (both already normalised by the app into
 * the *_search columns). SQLite: FTS5 trigram tables over those columns, kept in sync by triggers so
 * writers need not know they exist. PostgreSQL: pg_trgm GIN indexes, which serve LIKE '%q%'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX messages_content_search_trgm ON messages USING gin (content_search gin_trgm_ops)`.execute(
      db,
    );
    await sql`CREATE INDEX topics_subject_search_trgm ON topics USING gin (subject_search gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  for (const { table, column } of [
    { table: 'messages', column: 'content_search' },
    { table: 'topics', column: 'subject_search' },
  ]) {
    const fts = sql.raw(`${table}_fts`);
    const source = sql.raw(table);
    const col = sql.raw(column);
    // External content: the text lives once, in the source table; the index keeps only trigrams.
    await sql`CREATE VIRTUAL TABLE ${fts} USING fts5(${col}, content=${source}, content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    // An external-content index must be told the exact old text to forget it, hence these triggers.
    await sql`CREATE TRIGGER ${sql.raw(`${table}_fts_insert`)} AFTER INSERT ON ${source} BEGIN
      INSERT INTO ${fts} (rowid, ${col}) VALUES (new.id, new.${col});
    END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_fts_delete`)} AFTER DELETE ON ${source} BEGIN
      INSERT INTO ${fts} (${fts}, rowid, ${col}) VALUES ('delete', old.id, old.${col});
    END`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_fts_update`)} AFTER UPDATE OF id, ${col} ON ${source} BEGIN
      INSERT INTO ${fts} (${fts}, rowid, ${col}) VALUES ('delete', old.id, old.${col});
      INSERT INTO ${fts} (rowid, ${col}) VALUES (new.id, new.${col});
    END`.execute(db);
    // Rows written before this migration.
    await sql`INSERT INTO ${fts} (${fts}) VALUES ('rebuild')`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP INDEX IF EXISTS messages_content_search_trgm`.execute(db);
    await sql`DROP INDEX IF EXISTS topics_subject_search_trgm`.execute(db);
    return;
  }
  for (const table of ['messages', 'topics']) {
    for (const suffix of ['insert', 'delete', 'update']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_fts_${suffix}`)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS ${sql.raw(`${table}_fts`)}`.execute(db);
  }
}
