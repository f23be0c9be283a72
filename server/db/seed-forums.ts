import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { forumInput } from '../../shared/schemas/admin-forums';
import { twemojiFileForEmoji } from '../twemoji';
import type { Database } from './database';

/** A forum to seed: its id, name, icon and (optionally) its one-line description. */
export interface SeedForum {
  id: number;
  name: string;
  icon: string;
  description?: string;
}

/** The forums a new site starts with. Ids start at 1: 0 and -1 are reserved by docs/product.md §3. */
export const DEFAULT_FORUMS: readonly SeedForum[] = [
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

/**
 * Inserts the forums when the table is empty (first start): the default set, or the list the
 * operator named with `--forums FILE` / FORUMS_FILE. Their order is the list's order.
 */
export async function seedForums(
  db: Kysely<Database>,
  forums: readonly SeedForum[] = DEFAULT_FORUMS,
): Promise<void> {
  const existing = await db.selectFrom('forums').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('forums')
    .values(
      forums.map((forum, index) => ({
        id: forum.id,
        name: forum.name,
        icon: forum.icon,
        description: forum.description ?? '',
        position: index + 1,
      })),
    )
    .execute();
}

const forumsFile = z
  .array(
    forumInput.extend({
      icon: forumInput.shape.icon.refine(
        (icon) => twemojiFileForEmoji(icon) !== null,
        'not an emoji Twemoji draws',
      ),
      description: forumInput.shape.description.optional(),
    }),
  )
  .min(1, 'the list holds no forum');

/** The forums file named by `--forums FILE` on the command line, else by FORUMS_FILE. */
export function forumsFileOption(argv: string[], fromConfig: string | undefined): string | undefined {
  const { values } = parseArgs({ args: argv, options: { forums: { type: 'string' } }, strict: false });
  return typeof values.forums === 'string' ? values.forums : fromConfig;
}

/** The forums a first start seeds: those of the forums file when one is named, else the defaults. */
export function forumsToSeed(file: string | undefined): readonly SeedForum[] {
  return file === undefined ? DEFAULT_FORUMS : readForumsFile(file);
}

/**
 * The forums to seed from a JSON file: an array of `{name, icon, description?}` in the order they
 * should show. Ids are given 1, 2, 3… (0 and -1 are reserved). A bad file stops with one line per
 * problem.
 */
export function readForumsFile(file: string): SeedForum[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Forums file ${file}: ${(error as Error).message}`);
  }
  const result = forumsFile.safeParse(parsed);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Forums file ${file} is not valid:\n${lines.join('\n')}`);
  }
  return result.data.map((forum, index) => ({ id: index + 1, ...forum }));
}
