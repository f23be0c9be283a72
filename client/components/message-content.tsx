import { use, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { markupDirection } from '../lib/text-direction';
import './message-content.css';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | null = null;
/** The sanitiser once it has loaded: read directly, so a render that has it never suspends. */
let loadedSanitize: Sanitize | null = null;

/**
 * Starts loading the sanitiser (DOMPurify, about 10 KB on the wire) if it is not loading yet. A page
 * that shows messages calls it when its own chunk loads, so the sanitiser arrives beside the page's
 * data instead of after it, and stays out of every other page's download (issue 10's budget).
 */
export function loadMessageSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('../lib/sanitize').then((m) => {
    loadedSanitize = m.sanitizeMessageHtml;
    return loadedSanitize;
  });
  return sanitizer;
}

/**
 * The server render's sanitiser (client/entry-server.tsx), given before its first render: there is
 * no DOM there for DOMPurify, and its HTML is the one hydration keeps.
 */
export function provideMessageSanitizer(sanitize: Sanitize): void {
  loadedSanitize = sanitize;
  sanitizer = Promise.resolve(sanitize);
}

const subscribeToNothing = () => () => {};
/** What hydration leaves alone: the markup the server put in the page stays as it is. */
const SERVER_MARKUP = { __html: '' };

/**
 * A message body: stored markup shown as sanitised HTML, user text read in its own direction, and
 * code blocks highlighted by a chunk loaded only when a message has code. Rendered in the browser,
 * it suspends (to the page's loader) until the sanitiser has loaded. Hydrated, it keeps the markup
 * the server sanitised with the same code until the text changes: the page hydrates, and its
 * buttons answer clicks, without waiting for the sanitiser's chunk.
 */
export function MessageContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  // On the server (no window) the markup is made here; in the browser hydration keeps it.
  const [hydratedHtml] = useState(hydrating && typeof window !== 'undefined' ? html : null);
  const keep = hydratedHtml === html;
  const sanitize = keep ? null : (loadedSanitize ?? use(loadMessageSanitizer()));
  const markup = useMemo(() => (sanitize ? sanitize(html) : null), [sanitize, html]);
  const direction = useMemo(() => markupDirection(html), [html]);

  useEffect(() => {
    const root = ref.current;
    if (!root || !html.includes('<pre')) return;
    let cancelled = false;
    import('../lib/highlight').then(({ highlightWithin }) => {
      if (!cancelled) highlightWithin(root);
    });
    return () => {
      cancelled = true;
    };
  }, [html]);

  return (
    <div
      ref={ref}
      className="message-content"
      dir={direction}
      suppressHydrationWarning
      // Sanitised just above: by DOMPurify, or on the server by its twin for the markup hydration keeps.
      dangerouslySetInnerHTML={markup === null ? SERVER_MARKUP : { __html: markup }}
    />
  );
}
