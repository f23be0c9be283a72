import DOMPurify from 'dompurify';
import { ALLOWED_TAGS, CODE_LANGUAGE_CLASS, LINK_REL } from '../../shared/markup-rules';

const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'class', 'dir'];
const SAFE_URL = /^(?:https?:|mailto:|\/emoji\/[0-9a-f-]+\.svg$)/i;

let configured = false;

function configure(): void {
  if (configured) return;
  configured = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_URL.test(href)) node.removeAttribute('href');
      // Every link opens in a new tab, without giving the opened page a handle on ours (§1).
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', LINK_REL);
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!SAFE_URL.test(src)) node.remove();
      else {
        node.setAttribute('loading', 'lazy');
        node.setAttribute('decoding', 'async');
      }
    }
    if (
      node.hasAttribute('class') &&
      !(node.tagName === 'CODE' && CODE_LANGUAGE_CLASS.test(node.getAttribute('class') ?? ''))
    ) {
      node.removeAttribute('class');
    }
    // Code reads left to right even inside the right-to-left page.
    if (node.tagName === 'PRE' || node.tagName === 'CODE') node.setAttribute('dir', 'ltr');
    else node.removeAttribute('dir');
    // A code block can scroll sideways: keyboard users must be able to reach it to scroll it.
    if (node.tagName === 'PRE') node.setAttribute('tabindex', '0');
  });
}

/**
 * Message HTML made safe to insert (DOMPurify on render, spec §1). Without a DOM (a future server
 * render) it returns nothing rather than trusting the input.
 */
export function sanitizeMessageHtml(html: string): string {
  if (!DOMPurify.isSupported) return '';
  configure();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'loading', 'decoding'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
