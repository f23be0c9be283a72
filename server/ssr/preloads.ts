/**
 * Preloads for what the first screen waits on, put at the top of the head so the browser asks for
 * them before it has parsed the inline stylesheet and the page: the font the text is written in
 * and the page's lead picture (its largest element on a phone: the slider's first topic, the
 * topic's image).
 */

/**
 * The font files every first screen is written in: the Hebrew and the Latin subsets of the variable
 * Rubik the entry stylesheet declares (Hebrew words; spaces, digits and punctuation are in the
 * Latin one). Found late, during layout, the Latin file came after the first paint and its swap
 * moved the lines of the home page's list. Names safe in an attribute.
 */
export function firstScreenFonts(css: string): string[] {
  return [...css.matchAll(/url\((\/assets\/rubik-(?:hebrew|latin)-wght-[\w-]+\.woff2)\)/g)].map(
    (match) => match[1] ?? '',
  );
}

export function fontPreload(href: string): string {
  return `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`;
}

/** The lead picture's sources, as React wrote them in its `<img>` (attribute values entity-escaped). */
export interface LeadImage {
  src: string;
  srcset: string | null;
  sizes: string | null;
}

/**
 * The picture the rendered page itself marks as the one to fetch first (`<img fetchpriority="high">`),
 * or null. React also writes its own `<link rel="preload" as="image" fetchPriority="high">` at the
 * start of the rendered HTML, inside the body, behind the head's styles and scripts: only the
 * `<img>` counts.
 */
export function leadImage(html: string): LeadImage | null {
  const tag = /<img\s[^>]*?\sfetchpriority="high"[^>]*>/i.exec(html)?.[0];
  if (!tag) return null;
  const attribute = (pattern: RegExp) => pattern.exec(tag)?.[1] ?? null;
  const src = attribute(SRC);
  return src ? { src, srcset: attribute(SRCSET), sizes: attribute(SIZES) } : null;
}

const SRC = /\ssrc="([^"]+)"/i;
const SRCSET = /\ssrcset="([^"]+)"/i;
const SIZES = /\ssizes="([^"]+)"/i;

/**
 * A preload of the lead picture that asks for the very file its `<img>` will choose: with a
 * `srcset`, the browser picks from `imagesrcset` and `imagesizes` as it does for the picture.
 */
export function imagePreload(image: LeadImage): string {
  const choice = image.srcset
    ? ` imagesrcset="${image.srcset}"${image.sizes ? ` imagesizes="${image.sizes}"` : ''}`
    : '';
  return `<link rel="preload" href="${image.src}"${choice} as="image" fetchpriority="high">`;
}
