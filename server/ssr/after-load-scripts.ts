import { createHash } from 'node:crypto';

/**
 * A server-rendered page is readable and its links work before any script runs, so the app's
 * scripts (the entry, its modulepreloads and the route's chunk, ~100 KB brotli) are asked for only
 * once the first screen has loaded and painted: on a phone's connection they no longer share the
 * bandwidth with the lead picture and the fonts, and the browser's first paint does not wait for
 * them. Hydration follows (the page's own data is in it, so nothing is fetched again).
 *
 * The tags wait, inert, in a `<template>`; the inline script below copies them into the head after
 * the `load` event and the next frame (a timer as well, for a tab in the background where frames
 * do not come). Copies, unlike the parser's own elements, run when inserted. The script's text is
 * fixed, so the page's Content-Security-Policy allows exactly it by its hash.
 */
export const AFTER_LOAD_TEMPLATE_ID = 'after-load-scripts';

export const AFTER_LOAD_SCRIPT = `(function(){var d=0;function s(){if(d)return;d=1;var t=document.getElementById('${AFTER_LOAD_TEMPLATE_ID}');if(t)document.head.appendChild(document.importNode(t.content,true))}function l(){requestAnimationFrame(function(){setTimeout(s,0)});setTimeout(s,200)}if(document.readyState==='complete')l();else addEventListener('load',l)})()`;

/** The CSP source of that script. */
export const AFTER_LOAD_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(AFTER_LOAD_SCRIPT).digest('base64')}'`;

/** The entry's module script and modulepreloads as Vite writes them into index.html's head. */
const ENTRY_SCRIPT_TAGS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;

/** Takes the entry's script tags out of the template's head: the head without them, and the tags. */
export function takeEntryScripts(head: string): { head: string; tags: string[] } {
  const tags = [...head.matchAll(ENTRY_SCRIPT_TAGS)].map((match) => match[0].trim());
  return { head: head.replace(ENTRY_SCRIPT_TAGS, ''), tags };
}

/** The end of a page's body: the tags to run after load, and the script that runs them. */
export function afterLoadScripts(tags: readonly string[]): string {
  return `<template id="${AFTER_LOAD_TEMPLATE_ID}">${tags.join('')}</template><script>${AFTER_LOAD_SCRIPT}</script>`;
}
