/**
 * The preload of what a page's first screen waits on besides its font (which the build preloads,
 * shared/first-screen-fonts.ts), put at the top of the head so the browser asks for it before it
 * has parsed the inline stylesheet and the page: the lead picture (its largest element on a phone:
 * the slider's first topic, the topic's image).
 */

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
