import type { Kysely, Transaction } from 'kysely';
import { HEBREW_PREFIX_LETTERS } from '../../../shared/hebrew';
import { LIMITS } from '../../../shared/limits';
import { MENTION_ATTRIBUTE, QUOTE_ATTRIBUTE } from '../../../shared/markup-rules';
import type { Database } from '../../db/database';
import { type PreparedContent, prepareMessageContent } from '../markup/markup';
import { apiError } from '../../http-error';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * An @mention in text: `@` then up to 30 characters a username may hold. The `@` starts a word, or
 * follows Hebrew prefix letters that start one (`ל@דני`, `וכש@dana`), so an email address
 * (`dana@example.com`) mentions nobody. Which words after the `@` are the name is decided against
 * the users that exist (a username may hold spaces and dots): the longest that matches wins.
 */
const MENTION = new RegExp(
  String.raw`(?<![\p{L}\p{N}_@.])([${HEBREW_PREFIX_LETTERS}]{0,3})@([\p{L}\p{N}_][\p{L}\p{N}_.\- ]{0,29})`,
  'gu',
);
/**
 * Tags whose text is not the writer's prose: a mention inside code or a link stays text, and so does
 * one inside a quote (the quoted message's, whose user was told when it was written).
 */
const NOT_PROSE = new Set(['code', 'pre', 'a', 'blockquote']);
const QUOTE = new RegExp(`<blockquote ${QUOTE_ATTRIBUTE}="(\\d+)">`, 'g');

/** The names an `@` run could mean: its first word, first two words… each without trailing dots or dashes. */
function candidates(run: string): string[] {
  const words = run.split(' ');
  const names = new Set<string>();
  for (let count = 1; count <= words.length; count += 1) {
    const name = words
      .slice(0, count)
      .join(' ')
      .replace(/[\s.\-_]+$/u, '');
    if (name.length >= LIMITS.usernameMinLength) names.add(name);
  }
  return [...names];
}

const keyOf = (name: string) => name.normalize('NFC').toLowerCase();

/** Calls `visit` on every prose text run of sanitised HTML and puts back what it returns. */
function mapProse(html: string, visit: (text: string) => string): string {
  const depth = new Map<string, number>();
  return html
    .split(/(<[^>]*>)/)
    .map((piece) => {
      const tag = /^<(\/?)([a-z]+)/i.exec(piece);
      if (tag) {
        const name = (tag[2] ?? '').toLowerCase();
        if (NOT_PROSE.has(name)) depth.set(name, Math.max(0, (depth.get(name) ?? 0) + (tag[1] ? -1 : 1)));
        return piece;
      }
      const inside = [...depth.values()].some((value) => value > 0);
      return inside || !piece.includes('@') ? piece : visit(piece);
    })
    .join('');
}

export interface Mentioned {
  id: number;
  username: string;
}

/**
 * Marks the @mentions of existing, active users in sanitised HTML as
 * `<span data-mention="{id}">@name</span>` (the prefix letters stay outside). More than
 * LIMITS.mentionsMax distinct users is a 400.
 */
export async function markMentions(db: Db, html: string): Promise<{ html: string; mentioned: Mentioned[] }> {
  const wanted = new Set<string>();
  mapProse(html, (text) => {
    for (const match of text.matchAll(MENTION))
      for (const name of candidates(match[2] ?? '')) wanted.add(keyOf(name));
    return text;
  });
  if (wanted.size === 0) return { html, mentioned: [] };
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'username_key'])
    .where('username_key', 'in', [...wanted])
    .where('is_active', '=', 1)
    .execute();
  const byKey = new Map(users.map((user) => [keyOf(user.username_key), user]));
  const mentioned = new Map<number, Mentioned>();
  const marked = mapProse(html, (text) =>
    text.replace(MENTION, (whole, prefix: string, run: string) => {
      const name = candidates(run)
        .reverse()
        .find((candidate) => byKey.has(keyOf(candidate)));
      const user = name === undefined ? undefined : byKey.get(keyOf(name));
      if (name === undefined || !user) return whole;
      mentioned.set(user.id, { id: user.id, username: user.username });
      return `${prefix}<span ${MENTION_ATTRIBUTE}="${user.id}">@${name}</span>${run.slice(name.length)}`;
    }),
  );
  if (mentioned.size > LIMITS.mentionsMax) throw apiError('too_many_mentions');
  return { html: marked, mentioned: [...mentioned.values()] };
}

/** Keeps the source of each quote only when that message exists. */
export async function checkQuotes(db: Db, html: string): Promise<string> {
  const ids = [...html.matchAll(QUOTE)].map((match) => Number(match[1]));
  if (ids.length === 0) return html;
  const found = await db
    .selectFrom('messages')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .where('topic_id', 'is not', null)
    .execute();
  const existing = new Set(found.map((row) => row.id));
  return html.replace(QUOTE, (whole, id: string) => (existing.has(Number(id)) ? whole : '<blockquote>'));
}

/** The user ids a stored message mentions. */
export function mentionedUserIds(html: string): number[] {
  const ids = [...html.matchAll(new RegExp(`<span ${MENTION_ATTRIBUTE}="(\\d+)">`, 'g'))].map((m) =>
    Number(m[1]),
  );
  return [...new Set(ids)];
}

/** The message ids a stored message quotes. */
export function quotedMessageIds(html: string): number[] {
  return [...new Set([...html.matchAll(QUOTE)].map((match) => Number(match[1])))];
}

/**
 * What a message write stores (server/modules/markup) with its references resolved: mentions of
 * existing users marked, quotes of missing messages unmarked. A 400 before anything is written
 * when it mentions too many users.
 */
export async function prepareMessage(db: Db, html: string): Promise<PreparedContent> {
  const prepared = prepareMessageContent(html);
  const quoted = await checkQuotes(db, prepared.content);
  const { html: content } = await markMentions(db, quoted);
  return { ...prepared, content };
}
