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
 * (`<img fetchpriority="high">`), as React wrote it (attributes entity-escaped), or null. React
 * also writes its own `<link rel="preload" as="image" fetchPriority="high">` at the start of the
 * rendered HTML, inside the body, behind the head's styles and scripts: only the `<img>` counts.
 */
export function leadImage(html: string): string | null {
  const tag = /<img\s[^>]*?\sfetchpriority="high"[^>]*>/i.exec(html)?.[0];
  return tag ? (/\ssrc="([^"]+)"/i.exec(tag)?.[1] ?? null) : null;
}

/** A preload of the lead picture; `href` is already escaped (taken from the rendered HTML). */
export function imagePreload(escapedHref: string): string {
  return `<link rel="preload" href="${escapedHref}" as="image" fetchpriority="high">`;
}
