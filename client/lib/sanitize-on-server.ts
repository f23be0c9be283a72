import type { ChildNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { ALLOWED_TAGS, MENTION_ATTRIBUTE } from '../../shared/markup-rules';
import {
  BLOCK_TABINDEX,
  codeDirection,
  ID,
  IMAGE_LOADING,
  isTextBlock,
  keepsClass,
  keepsDataAttribute,
  LINK_ATTRIBUTES,
  MENTION_SPAN,
  mentionAvatar,
  RENDER_ATTRIBUTES,
  SAFE_URL,
} from './render-rules';
import { textDirection } from './text-direction';

/**
 * The server render's message sanitiser: the browser's (./sanitize.ts, DOMPurify) without a DOM.
 * The browser keeps the server's markup when it hydrates, so this one makes what DOMPurify makes
 * with that configuration, which it does by following DOMPurify's own steps (dompurify 3.4) beside
 * the shared render rules; sanitize-on-server.test.ts runs both over the same corpus and compares
 * the DOMs the browser builds from their HTML. htmlparser2 parses (a tokenizer and a tree of plain
 * objects): jsdom's documents, which DOMPurify needs outside the browser, cost the server render
 * most of its time and memory (issues 10 and 13).
 */

const KEPT_TAGS: ReadonlySet<string> = new Set(ALLOWED_TAGS);
const KEPT_ATTRIBUTES: ReadonlySet<string> = new Set(RENDER_ATTRIBUTES);
const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'img']);

/** DOMPurify's FORBID_CONTENTS: a removed element of these goes with everything in it. */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'annotation-xml',
  'audio',
  'colgroup',
  'desc',
  'foreignobject',
  'head',
  'iframe',
  'math',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'script',
  'selectedcontent',
  'style',
  'svg',
  'template',
  'thead',
  'title',
  'video',
  'xmp',
]);

/** DOMPurify's attribute checks: values with no address scheme, or a harmless one… */
const ALLOWED_URI =
  /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp|matrix):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: DOMPurify's own list: control characters are what it ignores in an address.
const URI_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
/** …checked on every attribute but these two… */
const TEXT_ATTRIBUTES: ReadonlySet<string> = new Set(['alt', 'class']);
/** …and no value that could close a comment or a raw-text element around it. */
const VALUE_BREAKOUT = /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;
/** DOMPurify removes an element, content and all, whose text looks like markup but holds no element. */
const MARKUP_PROBE = /<[/\w!]/;

const escapeText = (text: string) =>
  text.replace(/[&<>\u00A0]/g, (char) => (char === '\u00A0' ? '&nbsp;' : `&#${char.charCodeAt(0)};`));
const escapeAttribute = (value: string) =>
  value.replace(/[&"<>\u00A0]/g, (char) => (char === '\u00A0' ? '&nbsp;' : `&#${char.charCodeAt(0)};`));

function keepsValue(tag: string, name: string, value: string): boolean {
  if (!KEPT_ATTRIBUTES.has(name) || !keepsDataAttribute(tag, name, value) || VALUE_BREAKOUT.test(value)) {
    return false;
  }
  return TEXT_ATTRIBUTES.has(name) || !value || ALLOWED_URI.test(value.replace(URI_WHITESPACE, ''));
}

/** The attributes an allowed element keeps, the render rules applied; null when the element goes. */
function renderedAttributes(
  tag: string,
  attribs: Readonly<Record<string, string>>,
): Map<string, string> | null {
  const kept = new Map<string, string>();
  for (const [name, raw] of Object.entries(attribs)) {
    const value = raw.trim();
    if (keepsValue(tag, name, value)) kept.set(name, value);
  }
  if (tag === 'a') {
    if (!SAFE_URL.test(kept.get('href') ?? '')) kept.delete('href');
    for (const [name, value] of Object.entries(LINK_ATTRIBUTES)) kept.set(name, value);
  }
  if (tag === 'img') {
    if (!SAFE_URL.test(kept.get('src') ?? '')) return null;
    for (const [name, value] of Object.entries(IMAGE_LOADING)) kept.set(name, value);
  }
  const className = kept.get('class');
  if (className !== undefined && !keepsClass(tag, className)) kept.delete('class');
  const direction = codeDirection(tag);
  if (direction) kept.set('dir', direction);
  else kept.delete('dir');
  if (tag === 'pre') kept.set('tabindex', BLOCK_TABINDEX);
  return kept;
}

/** Whether the browser's parser sees a comment here (htmlparser2 calls `<!x>` and `<?x>` directives). */
function isComment(node: ChildNode): boolean {
  return node.type === 'comment' || (node.type === 'directive' && node.name.toLowerCase() !== '!doctype');
}

/**
 * DOMPurify's test for markup hidden in text: an element with no element inside, whose text has
 * something like a tag and whose HTML shows one (here only a comment can, text being escaped).
 */
function hidesMarkup(element: Element): boolean {
  let text = '';
  let comment = false;
  for (const child of element.children) {
    if (child.type === 'tag' || child.type === 'script' || child.type === 'style') return false;
    if (child.type === 'text') text += child.data;
    else if (isComment(child)) comment = true;
  }
  return comment && MARKUP_PROBE.test(text);
}

/**
 * The browser's parser drops a newline right after `<pre>`, so DOMPurify's HTML has one fewer
 * than the message; this HTML, parsed in turn, must lose the same one.
 */
function dropLeadingNewline(pre: Element): void {
  const first = pre.children[0];
  if (first?.type === 'text') first.data = first.data.replace(/^(?:\r\n?|\n)/, '');
}

function openingTag(tag: string, attributes: ReadonlyMap<string, string> | Readonly<Record<string, string>>) {
  let html = `<${tag}`;
  const entries = attributes instanceof Map ? attributes.entries() : Object.entries(attributes);
  for (const [name, value] of entries) html += ` ${name}="${escapeAttribute(value)}"`;
  return `${html}>`;
}

function writeNodes(nodes: readonly ChildNode[], out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'text') out.push(escapeText(node.data));
    else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') writeElement(node, out);
  }
}

/** The text writeNodes keeps of these nodes, as the browser's `textContent` reads it (a text block's direction). */
function shownText(nodes: readonly ChildNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text') text += node.data;
    else if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    else if (hidesMarkup(node)) continue;
    else if (KEPT_TAGS.has(node.name) || !DROPPED_WITH_CONTENT.has(node.name))
      text += shownText(node.children);
  }
  return text;
}

function writeElement(element: Element, out: string[]): void {
  const tag = element.name;
  if (hidesMarkup(element)) return;
  if (!KEPT_TAGS.has(tag)) {
    if (!DROPPED_WITH_CONTENT.has(tag)) writeNodes(element.children, out);
    return;
  }
  const attributes = renderedAttributes(tag, element.attribs);
  if (!attributes) return;
  const direction = isTextBlock(tag) ? textDirection(shownText(element.children)) : undefined;
  if (direction) attributes.set('dir', direction);
  const userId = tag === 'span' ? attributes.get(MENTION_ATTRIBUTE) : undefined;
  if (userId !== undefined && ID.test(userId)) {
    for (const [name, value] of Object.entries(MENTION_SPAN)) attributes.set(name, value);
    out.push(openingTag(tag, attributes), openingTag('img', mentionAvatar(userId)));
  } else {
    out.push(openingTag(tag, attributes));
  }
  if (VOID_TAGS.has(tag)) return;
  if (tag === 'pre') dropLeadingNewline(element);
  writeNodes(element.children, out);
  out.push(`</${tag}>`);
}

/** Message HTML made safe to insert, as ./sanitize.ts makes it in the browser. */
export function sanitizeMessageHtmlOnServer(html: string): string {
  const out: string[] = [];
  writeNodes(parseDocument(html).children, out);
  return out.join('');
}
