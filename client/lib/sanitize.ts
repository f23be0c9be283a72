import createDOMPurify, { type WindowLike } from 'dompurify';
import {
  ALLOWED_TAGS,
  CODE_LANGUAGE_CLASS,
  LINK_REL,
  MENTION_ATTRIBUTE,
  QUOTE_ATTRIBUTE,
} from '../../shared/markup-rules';

const ALLOWED_ATTR = [
  'href',
  'target',
  'rel',
  'src',
  'alt',
  'class',
  'dir',
  MENTION_ATTRIBUTE,
  QUOTE_ATTRIBUTE,
];
const SAFE_URL = /^(?:https?:|mailto:|\/emoji\/[0-9a-f-]+\.svg$)/i;
const ID = /^[1-9]\d{0,15}$/;

/** The only data attributes a message keeps: a mention on a span, a quote on a blockquote, each an id. */
const DATA_ATTRIBUTE_TAG: Readonly<Record<string, string>> = {
  [MENTION_ATTRIBUTE]: 'SPAN',
  [QUOTE_ATTRIBUTE]: 'BLOCKQUOTE',
};

/** The browser's DOMPurify; a server render gives it a window of its own (`sanitizeWithWindow`). */
let DOMPurify = createDOMPurify;
let configured = false;

/**
 * For the server render (client/entry-server.tsx): sanitise with a DOM of the server's (jsdom), so
 * the server's HTML of a message is the very HTML the browser makes and hydrates.
 */
export function sanitizeWithWindow(window: WindowLike, options: { memoChars: number }): void {
  DOMPurify = createDOMPurify(window);
  configured = false;
  memo = { entries: new Map(), chars: 0, maxChars: options.memoChars };
}

/**
 * On the server, sanitised messages by their stored HTML, least recently used out first: a DOM
 * outside the browser is slow (milliseconds a message), and a page rendered again after a write
 * shows mostly the same messages. An edit changes the HTML, so it is a new entry.
 */
let memo: { entries: Map<string, string>; chars: number; maxChars: number } | null = null;

function remembered(html: string, make: () => string): string {
  if (!memo) return make();
  const hit = memo.entries.get(html);
  if (hit !== undefined) {
    memo.entries.delete(html);
    memo.entries.set(html, hit);
    return hit;
  }
  const clean = make();
  memo.entries.set(html, clean);
  memo.chars += html.length + clean.length;
  for (const [key, value] of memo.entries) {
    if (memo.chars <= memo.maxChars) break;
    memo.entries.delete(key);
    memo.chars -= key.length + value.length;
  }
  return clean;
}

function configure(): void {
  if (configured) return;
  configured = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = DATA_ATTRIBUTE_TAG[data.attrName];
    if (tag !== undefined && (node.tagName !== tag || !ID.test(data.attrValue))) data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_URL.test(href)) node.removeAttribute('href');
      // Every link opens in a new tab, without giving the opened page a handle on ours (docs/product.md §1).
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
 * A mention the server marked becomes the user's avatar and name, with no link (there is no
 * profile page). Added after sanitising, so the avatar's address is built here and never comes
 * from the message.
 */
function decorateMentions(root: Element): void {
  // By tag rather than by selector: jsdom builds a selector engine for each parsed document, which
  // cost the server more than the rest of a message's sanitising.
  for (const span of [...root.getElementsByTagName('span')]) {
    const userId = span.getAttribute(MENTION_ATTRIBUTE) ?? '';
    if (!ID.test(userId)) continue;
    span.className = 'mention';
    span.setAttribute('dir', 'auto');
    const avatar = root.ownerDocument.createElement('img');
    avatar.className = 'mention__avatar';
    avatar.src = `/api/avatars/${userId}.svg`;
    avatar.alt = '';
    avatar.width = 18;
    avatar.height = 18;
    avatar.setAttribute('loading', 'lazy');
    avatar.setAttribute('decoding', 'async');
    span.prepend(avatar);
  }
}

/**
 * Message HTML made safe to insert (DOMPurify on render, docs/product.md §1). Without a DOM it
 * returns nothing rather than trusting the input.
 */
export function sanitizeMessageHtml(html: string): string {
  return remembered(html, () => sanitize(html));
}

function sanitize(html: string): string {
  if (!DOMPurify.isSupported) return '';
  configure();
  const body = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'loading', 'decoding'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM: true,
  });
  // The window's own Element (a server DOM's differs from the global one): tell it by its shape.
  if (!body || typeof body !== 'object' || !('innerHTML' in body)) return '';
  decorateMentions(body as Element);
  return (body as Element).innerHTML;
}
