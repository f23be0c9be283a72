import { type Kysely, sql, type Transaction } from 'kysely';
import { databaseKind } from '../../db/connect';
import type { Database } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

const FORUM_COLUMNS = ['id', 'name', 'icon', 'description', 'position'] as const;

/** Every forum in order with how many topics it holds (one grouped count, not one per forum). */
export function listForumsWithCounts(db: Db) {
  return db
    .selectFrom('forums')
    .leftJoin(
      db
        .selectFrom('topics')
        .select(['forum_id', sql<number>`count(*)`.as('topics')])
        .groupBy('forum_id')
        .as('counts'),
      'counts.forum_id',
      'forums.id',
    )
    .select(['forums.id', 'forums.name', 'forums.icon', 'forums.description'])
    .select(sql<number>`coalesce(counts.topics, 0)`.as('topics'))
    .orderBy('forums.position')
    .orderBy('forums.id')
    .execute();
}

export function findForumRow(db: Db, id: number) {
  return db.selectFrom('forums').select(FORUM_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * A forum row locked until the transaction ends (PostgreSQL). A topic being written into it holds a
 * key-share lock on it, so this waits for that topic and then counts or moves it too; topics
 * written after this lock wait for the deletion. SQLite runs one write transaction at a time.
 */
export function lockForum(db: Transaction<Database>, id: number) {
  const query = db.selectFrom('forums').select(FORUM_COLUMNS).where('id', '=', id);
  return (databaseKind(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The forums in order: id and position only, for reordering. */
export function listForumOrder(db: Db) {
  return db.selectFrom('forums').select(['id', 'position']).orderBy('position').orderBy('id').execute();
}

/** The next free id and the position after the last. Ids are never reused while a forum holds them. */
export async function nextForumSlot(db: Db): Promise<{ id: number; position: number }> {
  const row = await db
    .selectFrom('forums')
    .select([sql<number | null>`max(id)`.as('maxId'), sql<number | null>`max(position)`.as('maxPosition')])
    .executeTakeFirstOrThrow();
  return { id: Number(row.maxId ?? 0) + 1, position: Number(row.maxPosition ?? 0) + 1 };
}

export async function insertForum(
  db: Db,
  forum: { id: number; name: string; icon: string; description: string; position: number },
): Promise<void> {
  await db.insertInto('forums').values(forum).execute();
}

export async function updateForum(
  db: Db,
  id: number,
  fields: { name?: string; icon?: string; description?: string },
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable('forums').set(fields).where('id', '=', id).execute();
}

export async function setForumPosition(db: Db, id: number, position: number): Promise<void> {
  await db.updateTable('forums').set({ position }).where('id', '=', id).execute();
}

export async function countForumTopics(db: Db, forumId: number): Promise<number> {
  const row = await db
    .selectFrom('topics')
    .select(sql<number>`count(*)`.as('count'))
    .where('forum_id', '=', forumId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countForums(db: Db): Promise<number> {
  const row = await db
    .selectFrom('forums')
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Moves every topic of one forum to another; their order keys stay. Answers how many moved. */
export async function moveForumTopics(db: Db, from: number, to: number): Promise<number> {
  const result = await db
    .updateTable('topics')
    .set({ forum_id: to })
    .where('forum_id', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteForumRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('forums').where('id', '=', id).execute();
}
