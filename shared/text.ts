import { z } from 'zod';

/**
 * Text is stored the same on SQLite and PostgreSQL (DESIGN.md): PostgreSQL refuses U+0000 where
 * SQLite keeps it, and the two drivers turn a lone surrogate into U+FFFD or refuse it. So every text
 * field is cleaned here, before it reaches either database, and the server schemas and the client
 * forms share the rule.
 */
export const INVALID_TEXT_MESSAGE = 'הטקסט מכיל תווים שאינם חוקיים';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * C0 controls but tab and newline, DEL, and the Unicode non-characters (U+FDD0–U+FDEF and the last
 * two code points of every plane). Carriage returns are turned into newlines before this runs.
 */
const ASTRAL_NON_CHARACTERS = Array.from({ length: 16 }, (_, plane) => {
  const base = (plane + 1) * 0x10000;
  return `\\u{${(base + 0xfffe).toString(16)}}\\u{${(base + 0xffff).toString(16)}}`;
}).join('');
const DROPPED = new RegExp(
  `[\\u0000-\\u0008\\u000B-\\u001F\\u007F\\uFDD0-\\uFDEF\\uFFFE\\uFFFF${ASTRAL_NON_CHARACTERS}]`,
  'gu',
);

/** Whether the text holds a lone surrogate: not text at all, so it is refused rather than guessed at. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * The text as it is stored: line ends as `\n`, no control characters but tab and newline, no
 * non-characters, Unicode NFC (so `שָׁלוֹם` typed with its marks in any order compares equal).
 * Call it only on text without lone surrogates (`hasLoneSurrogate`).
 */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(DROPPED, '').normalize('NFC');
}

/**
 * A string schema that refuses lone surrogates with a Hebrew message and cleans the rest
 * (`cleanText`) before the checks that follow, e.g. `cleanString(z.string({error})).trim().min(1)`.
 */
export function cleanString(base: z.ZodString = z.string()): z.ZodString {
  return base
    .refine((text) => !hasLoneSurrogate(text), { error: INVALID_TEXT_MESSAGE, abort: true })
    .overwrite(cleanText);
}
