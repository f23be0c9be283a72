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
