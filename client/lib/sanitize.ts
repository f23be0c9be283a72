import DOMPurify from 'dompurify';
import { ALLOWED_TAGS, MENTION_ATTRIBUTE } from '../../shared/markup-rules';
import {
  BLOCK_TABINDEX,
  codeDirection,
  ID,
  IMAGE_LOADING,
  keepsClass,
  keepsDataAttribute,
  LINK_ATTRIBUTES,
  MENTION_SPAN,
  mentionAvatar,
  RENDER_ATTRIBUTES,
  SAFE_URL,
  TEXT_BLOCKS,
} from './render-rules';
import { textDirection } from './text-direction';

let configured = false;

function setAttributes(element: Element, attributes: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

function configure(): void {
  if (configured) return;
  configured = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!keepsDataAttribute(node.nodeName.toLowerCase(), data.attrName, data.attrValue))
      data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a') {
      if (!SAFE_URL.test(node.getAttribute('href') ?? '')) node.removeAttribute('href');
      setAttributes(node, LINK_ATTRIBUTES);
    }
    if (tag === 'img') {
      if (!SAFE_URL.test(node.getAttribute('src') ?? '')) node.remove();
      else setAttributes(node, IMAGE_LOADING);
    }
    if (node.hasAttribute('class') && !keepsClass(tag, node.getAttribute('class') ?? '')) {
      node.removeAttribute('class');
    }
    const direction = codeDirection(tag);
    if (direction) node.setAttribute('dir', direction);
    else node.removeAttribute('dir');
    if (tag === 'pre') node.setAttribute('tabindex', BLOCK_TABINDEX);
  });
}

function decorateMentions(root: Element): void {
  for (const span of [...root.getElementsByTagName('span')]) {
    const userId = span.getAttribute(MENTION_ATTRIBUTE) ?? '';
    if (!ID.test(userId)) continue;
    setAttributes(span, MENTION_SPAN);
    const avatar = root.ownerDocument.createElement('img');
    setAttributes(avatar, mentionAvatar(userId));
    span.prepend(avatar);
  }
}

/** Each text block in the direction of its own text (TEXT_BLOCKS), once nothing more will go. */
function directBlocks(root: Element): void {
  for (const block of root.querySelectorAll(TEXT_BLOCKS.join(','))) {
    const direction = textDirection(block.textContent ?? '');
    if (direction) block.setAttribute('dir', direction);
  }
}

/**
 * Message HTML made safe to insert, in the browser (DOMPurify on render, docs/product.md §1; the
 * server render's twin is ./sanitize-on-server.ts). Without a DOM it returns nothing rather than
 * trusting the input.
 */
export function sanitizeMessageHtml(html: string): string {
  if (!DOMPurify.isSupported) return '';
  configure();
  const body = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...RENDER_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM: true,
  });
  // No body at all when the message is a frameset or the like.
  if (!(body instanceof Element)) return '';
  decorateMentions(body);
  directBlocks(body);
  return body.innerHTML;
}
