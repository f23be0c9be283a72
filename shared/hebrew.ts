/** Niqqud, cantillation marks and other Hebrew points (U+0591–U+05C7), which search ignores. */
const HEBREW_MARKS = /[\u0591-\u05C7]/g;
const WHITESPACE_RUNS = /\s+/g;

/**
 * Normalises text for search: NFKC, Hebrew points stripped, Latin lower-cased, white space folded,
 * so that `שָׁלוֹם` and `שלום` index and match alike.
 */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').replace(HEBREW_MARKS, '').toLowerCase().replace(WHITESPACE_RUNS, ' ').trim();
}

/**
 * Hebrew letters that attach to the front of a word: and, in, as, to, from, that, the. A string
 * rather than a regular expression literal: the server bundle escapes non-ASCII text in strings but
 * not in regular expression literals, and one non-ASCII character makes V8 keep the whole bundle's
 * source at two bytes a character (scripts/build-server.test.ts).
 */
export const HEBREW_PREFIX_LETTERS = 'ובכלמשה';
