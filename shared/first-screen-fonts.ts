/**
 * The font files every first screen is written in: the Hebrew and the Latin subsets of the variable
 * Rubik the entry stylesheet declares (Hebrew words; spaces, digits and punctuation are in the Latin
 * one). Rubik is `font-display: optional` (scripts/vite-fonts.ts): a file the browser has not got
 * within ~100 ms of first needing it is given up for the page's life. So both are preloaded at the
 * top of the head of every page, the server-rendered ones and the service worker's shell alike.
 * Names safe in an attribute.
 */
export function firstScreenFonts(css: string): string[] {
  return [...css.matchAll(/url\((\/assets\/rubik-(?:hebrew|latin)-wght-[\w-]+\.woff2)\)/g)].map(
    (match) => match[1] ?? '',
  );
}

export function fontPreload(href: string): string {
  return `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`;
}
