import { useEffect, useMemo, useRef } from 'react';
import { sanitizeMessageHtml } from '../lib/sanitize';

/**
 * A message body: stored markup shown as sanitised HTML, user text read in its own direction, and
 * code blocks highlighted by a chunk loaded only when a message has code.
 */
export function MessageContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const clean = useMemo(() => sanitizeMessageHtml(html), [html]);

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
