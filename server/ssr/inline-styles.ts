import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The build's stylesheets written into the page instead of linked from it. A linked stylesheet
 * blocks the first paint until it has come over the network (a round trip and ~6 KB on a phone);
 * the whole first-screen CSS is small enough to travel inside the HTML, which is compressed anyway.
 * The CSP allows each inlined stylesheet by the hash of its text, as it allows the theme script.
 */
export interface InlineStyle {
  /** The `<style>` element that takes the link's place. */
  element: string;
  /** The CSP source that allows exactly this element: `'sha256-…'`. */
  source: string;
}

/** `<link rel="stylesheet" … href="/assets/…css">` as Vite writes it into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*?\shref="\/([^"]+\.css)"[^>]*>/g;

/** The CSP source of a `<style>` element's text: its SHA-256, as CSP Level 2 hashes it. */
export function styleHashSource(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/**
 * A built stylesheet as a `<style>` element, or null when it cannot be read or its text could end
 * the element early (a `</style` inside a string): such a file stays linked.
 */
export async function readInlineStyle(clientDir: string, file: string): Promise<InlineStyle | null> {
  const css = await readFile(path.join(clientDir, file), 'utf8').catch(() => null);
  if (css === null || /<\/style/i.test(css)) return null;
  return { element: `<style>${css}</style>`, source: styleHashSource(css) };
}

/** Replaces each stylesheet link of the template's head with the stylesheet itself. */
export async function inlineStylesheetLinks(
  clientDir: string,
  html: string,
): Promise<{ html: string; styles: InlineStyle[] }> {
  const styles: InlineStyle[] = [];
  let result = '';
  let last = 0;
  for (const match of html.matchAll(STYLESHEET_LINK)) {
    const style = await readInlineStyle(clientDir, match[1] ?? '');
    if (!style) continue;
    styles.push(style);
    result += html.slice(last, match.index) + style.element;
    last = match.index + match[0].length;
  }
  return { html: result + html.slice(last), styles };
}
