import { use, useEffect, useMemo, useRef } from 'react';

type Sanitize = (html: string) => string;
let sanitizer: Promise<Sanitize> | null = null;

/**
 * Starts loading the sanitiser (DOMPurify, about 10 KB on the wire) if it is not loading yet. A page
 * that shows messages calls it when its own chunk loads, so the sanitiser arrives beside the page's
 * data instead of after it, and stays out of every other page's download (issue 10's budget).
 */
export function loadMessageSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('../lib/sanitize').then((m) => m.sanitizeMessageHtml);
  return sanitizer;
}

/**
 * A message body: stored markup shown as sanitised HTML, user text read in its own direction, and
 * code blocks highlighted by a chunk loaded only when a message has code. Suspends (to the page's
 * loader) until the sanitiser has loaded; React reads the settled promise synchronously afterwards.
 */
export function MessageContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const sanitize = use(loadMessageSanitizer());
  const clean = useMemo(() => sanitize(html), [sanitize, html]);

  useEffect(() => {
    const root = ref.current;
    if (!root || !clean.includes('<pre')) return;
    let cancelled = false;
    import('../lib/highlight').then(({ highlightWithin }) => {
      if (!cancelled) highlightWithin(root);
    });
    return () => {
      cancelled = true;
    };
  }, [clean]);

  // The HTML was sanitised by DOMPurify just above.
  return <div ref={ref} className="message-content" dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />;
}
