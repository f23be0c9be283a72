import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const twemojiDir = path.dirname(require.resolve('@twemoji/svg/package.json'));

/** A Twemoji file name without its extension: hex code points joined by dashes. */
const TWEMOJI_CODE = /^[0-9a-f]{2,6}(-[0-9a-f]{2,6}){0,9}$/;

/** The Twemoji SVG file for a code such as `1f4ac`, or null when the package has none. */
export function twemojiFileForCode(code: string): string | null {
  if (!TWEMOJI_CODE.test(code)) return null;
  const file = path.join(twemojiDir, `${code}.svg`);
  return existsSync(file) ? file : null;
}

/** The Twemoji SVG file of an emoji character, or null when the package has none for it. */
export function twemojiFileForEmoji(emoji: string): string | null {
  const codes = [...emoji].map((char) => char.codePointAt(0)?.toString(16) ?? '');
  const withoutVariation = codes.filter((code) => code !== 'fe0f');
  return twemojiFileForCode(codes.join('-')) ?? twemojiFileForCode(withoutVariation.join('-'));
}
