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

/**
 * The address of the picture the rendered page itself marks as the one to fetch first
 * (`fetchpriority="high"`), as React wrote it (attributes entity-escaped), or null.
 */
export function leadImage(html: string): string | null {
  const mark = html.search(/\sfetchpriority="high"/i);
  if (mark < 0) return null;
  const tag = html.slice(html.lastIndexOf('<img', mark), html.indexOf('>', mark) + 1);
  return /^<img\s[^>]*?\bsrc="([^"]+)"/i.exec(tag)?.[1] ?? null;
}

/** A preload of the lead picture; `href` is already escaped (taken from the rendered HTML). */
export function imagePreload(escapedHref: string): string {
  return `<link rel="preload" href="${escapedHref}" as="image" fetchpriority="high">`;
}
