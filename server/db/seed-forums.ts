import type { Kysely } from 'kysely';
import type { Database, ForumRow } from './database';

/** The forums a new site starts with. Ids start at 1: 0 and -1 are reserved by the spec (§3). */
export const DEFAULT_FORUMS: readonly ForumRow[] = [
  { id: 1, name: 'כללי', icon: '💬' },
  { id: 2, name: 'חדשות ואקטואליה', icon: '📰' },
  { id: 3, name: 'מחשבים ותכנות', icon: '💻' },
  { id: 4, name: 'משחקים', icon: '🎮' },
  { id: 5, name: 'מוזיקה', icon: '🎵' },
  { id: 6, name: 'סרטים וסדרות', icon: '🎬' },
  { id: 7, name: 'ספורט', icon: '⚽' },
  { id: 8, name: 'בישול ואוכל', icon: '🍳' },
  { id: 9, name: 'טיולים', icon: '🧭' },
  { id: 10, name: 'לימודים וקריירה', icon: '🎓' },
];

/** Inserts the default forums when the table is empty (first start). */
export async function seedForums(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('forums').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('forums')
    .values([...DEFAULT_FORUMS])
    .execute();
}
