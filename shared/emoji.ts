/**
 * The 14 emoji images the writer offers (docs/product.md §1, §9). Twemoji graphics (CC-BY 4.0), served by the
 * server at `emojiPath(code)`; the sanitiser lets exactly these through as images.
 */
export const EMOJI = [
  { code: '1f600', label: 'חיוך' },
  { code: '1f602', label: 'צחוק עד דמעות' },
  { code: '1f609', label: 'קריצה' },
  { code: '1f60d', label: 'מאוהב' },
  { code: '1f914', label: 'חושב' },
  { code: '1f622', label: 'עצוב' },
  { code: '1f621', label: 'כועס' },
  { code: '1f44d', label: 'אהבתי' },
  { code: '1f44e', label: 'לא אהבתי' },
  { code: '1f44f', label: 'מחיאות כפיים' },
  { code: '2764', label: 'לב' },
  { code: '1f389', label: 'חגיגה' },
  { code: '1f525', label: 'אש' },
  { code: '1f64f', label: 'תודה' },
] as const;

export type EmojiCode = (typeof EMOJI)[number]['code'];

export const emojiPath = (code: string) => `/emoji/${code}.svg`;

/**
 * The Twemoji file code of an emoji character (hex code points joined by dashes, without the
 * variation selector), so an icon like a forum's is drawn as the same image on every device.
 */
export const twemojiCode = (emoji: string) =>
  [...emoji]
    .map((char) => char.codePointAt(0)?.toString(16) ?? '')
    .filter((code) => code !== 'fe0f')
    .join('-');
