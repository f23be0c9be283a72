import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** Stores an image under its name; a name already present keeps its bytes (names come from content). */
export async function insertImage(
  db: Kysely<Database>,
  image: { name: string; contentType: string; data: Buffer; createdAt: number },
): Promise<void> {
  await db
    .insertInto('images')
    .values({
      name: image.name,
      content_type: image.contentType,
      data: image.data,
      created_at: image.createdAt,
    })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

export function findImage(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('images')
    .select(['name', 'content_type', 'data'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function countImages(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('images')
    .select(({ fn }) => fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
