import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

/** The settings an admin changed, as key → value. */
export async function readSettingRows(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Stores one setting, replacing its earlier value (one statement on both databases). */
export async function writeSetting(
  db: Db,
  row: { key: string; value: string; updated_at: number; updated_by: number | null },
): Promise<void> {
  await db
    .insertInto('site_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ value: row.value, updated_at: row.updated_at, updated_by: row.updated_by }),
    )
    .execute();
}
