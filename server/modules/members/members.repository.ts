import { type Kysely, sql, type Transaction } from 'kysely';
import { databaseKind } from '../../db/connect';
import type { Database } from '../../db/database';

type Db = Kysely<Database> | Transaction<Database>;

/** `%`, `_` and the escape itself match literally in a LIKE pattern. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Members whose name or email contains `query` (both keys are lower-case), by name key after the
 * cursor. It walks the unique `username_key` index in order and stops after `limit` rows: keyset
 * pagination, never OFFSET (query-plans test in members.query-plans.test.ts). Each row carries its
 * message count from the `messages_user_id` index.
 */
export function searchMembersQuery(db: Db, options: { query: string; after?: string; limit: number }) {
  let query = db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.username_key',
      'users.email',
      'users.is_admin',
      'users.is_active',
      'users.created_at',
      'users.suspended_until',
      'users.suspension_reason',
      'users.deleted_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('messages')
        .select(sql<number>`count(*)`.as('count'))
        .whereRef('messages.user_id', '=', 'users.id')
        .as('messages'),
    );
  if (options.after !== undefined) query = query.where('users.username_key', '>', options.after);
  const needle = options.query.toLowerCase();
  if (needle !== '') {
    const pattern = likeContains(needle);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('users.username_key')} like ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('users.email_key')} like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query.orderBy('users.username_key').limit(options.limit);
}

export type MemberRow = Awaited<ReturnType<ReturnType<typeof searchMembersQuery>['execute']>>[number];

export function findMember(db: Db, id: number): Promise<MemberRow | undefined> {
  return searchMembersQuery(db, { query: '', limit: 1 }).where('users.id', '=', id).executeTakeFirst();
}

export async function setSuspension(
  db: Db,
  id: number,
  suspension: { until: number; reason: string } | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ suspended_until: suspension?.until ?? null, suspension_reason: suspension?.reason ?? null })
    .where('id', '=', id)
    .execute();
}

/**
 * The ids of the admins who can still act (active, not deleted), locked on PostgreSQL so two
 * demotions at once cannot both see "one other admin is left". SQLite runs one write at a time.
 */
export async function lockActingAdmins(db: Transaction<Database>): Promise<number[]> {
  const query = db
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', 1)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null);
  const rows = await (databaseKind(db) === 'postgres' ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}

export async function setAdmin(db: Db, id: number, isAdmin: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: isAdmin ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** The topics a user opened (their main messages). */
export async function topicIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('topics')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A user's replies in topics they did not open (those go with their topics). */
export async function replyIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('messages')
    .innerJoin('topics', 'topics.id', 'messages.topic_id')
    .select('messages.id')
    .where('messages.user_id', '=', userId)
    .whereRef('messages.id', '!=', 'topics.id')
    .where('topics.user_id', '!=', userId)
    .orderBy('messages.id')
    .execute();
  return rows.map((row) => row.id);
}
