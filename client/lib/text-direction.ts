/** A letter of a script written right to left: Hebrew (niqqud included), Arabic, Syriac, Thaana, N'Ko. */
const RIGHT_TO_LEFT_LETTER =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const ANY_LETTER = /\p{L}/u;

export type TextDirection = 'rtl' | 'ltr';

/**
 * The direction a member's text is read in: right to left when it holds a Hebrew (or other right to
 * left) letter, left to right when it holds only other letters, and the page's own (undefined) when
 * it holds none. `dir="auto"` goes by the first letter alone, so a Hebrew subject that opens with an
 * English word ("Git או Python לפרויקט חדש?") and a message that opens with a quote of a Latin
 * username ("david88 כתב/ה:") were laid out left to right, their Hebrew out of order.
 */
export function textDirection(text: string): TextDirection | undefined {
  if (RIGHT_TO_LEFT_LETTER.test(text)) return 'rtl';
  return ANY_LETTER.test(text) ? 'ltr' : undefined;
}

/** textDirection of sanitised message HTML: its text, without the names of its tags and entities. */
export function markupDirection(html: string): TextDirection | undefined {
  return textDirection(html.replace(/<[^>]*>|&[#\w]+;/g, ' '));
}
