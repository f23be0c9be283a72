import sanitizeHtml from 'sanitize-html';
import { EMOJI, emojiPath } from '../../../shared/emoji';
import { normalizeForSearch } from '../../../shared/hebrew';
import { LIMITS } from '../../../shared/limits';
import {
  ALLOWED_TAGS,
  CODE_LANGUAGE_CLASS,
  LINK_REL,
  MENTION_ATTRIBUTE,
  QUOTE_ATTRIBUTE,
} from '../../../shared/markup-rules';
import { cleanText } from '../../../shared/text';
import { apiError } from '../../http-error';

/** Attributes each tag may keep after sanitising; anything else (events, style, id…) is dropped. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
  code: ['class'],
  // Written by the server only (server/modules/notifications/references.ts).
  span: [MENTION_ATTRIBUTE],
  blockquote: [QUOTE_ATTRIBUTE],
};

const EMOJI_PATHS = new Set(EMOJI.map((emoji) => emojiPath(emoji.code)));
const EMOJI_BY_PATH = new Map(EMOJI.map((emoji) => [emojiPath(emoji.code), emoji]));
/** A tag name no allowlist contains: a tag renamed to it is removed and its text kept. */
const DROPPED = 'dropped-tag';

function webUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url || url.length > LIMITS.urlMaxLength || !/^https?:\/\//i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function linkUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (url && url.length <= LIMITS.urlMaxLength && /^mailto:[^\s<>"'`\\]+$/i.test(url)) return url;
  return webUrl(url);
}

function imageUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (url && EMOJI_PATHS.has(url)) return url;
  return webUrl(url);
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(ALLOWED_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of these is code or markup, never content: it goes with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'xmp', 'iframe', 'noembed'],
  nestingLimit: 20,
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  transformTags: {
    // Our own URL checks run on the decoded attribute value, so `&#106;avascript:` and the like
    // fail them; a link or image without an acceptable URL is removed (a link keeps its text).
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = linkUrl(attribs.href);
      return href
        ? { tagName: 'a', attribs: { href, target: '_blank', rel: LINK_REL } }
        : { tagName: DROPPED, attribs: {} };
    },
    img: (_tag, attribs): sanitizeHtml.Tag => {
      const src = imageUrl(attribs.src);
      if (!src) return { tagName: DROPPED, attribs: {} };
      const emoji = EMOJI_BY_PATH.get(src);
      const alt = emoji ? emoji.label : (attribs.alt ?? '').slice(0, LIMITS.urlMaxLength);
      return { tagName: 'img', attribs: alt ? { src, alt } : { src } };
    },
    code: (_tag, attribs): sanitizeHtml.Tag => {
      const language = (attribs.class ?? '').split(/\s+/).find((name) => CODE_LANGUAGE_CLASS.test(name));
      return { tagName: 'code', attribs: language ? { class: language.toLowerCase() } : {} };
    },
    // A mention is marked by the server from the text, never taken from the writer: a sent span goes.
    span: (): sanitizeHtml.Tag => ({ tagName: DROPPED, attribs: {} }),
    // A quote's source is kept when it is an id; the server then drops it unless the message exists.
    blockquote: (_tag, attribs): sanitizeHtml.Tag => {
      const source = attribs[QUOTE_ATTRIBUTE];
      return {
        tagName: 'blockquote',
        attribs: source && /^[1-9]\d{0,14}$/.test(source) ? { [QUOTE_ATTRIBUTE]: source } : {},
      };
    },
  },
};

/**
 * Cleans a message body to the spec's markup allowlist. Runs on every write: scripts, event
 * handlers, styles, unknown tags and every URL that is not http(s) (or mailto for links, or one of
 * the forum's emoji images) never reach the database.
 */
export function sanitizeMessage(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

const BLOCK_BOUNDARY = /<br\s*\/?>|<\/?(?:p|div|pre|blockquote)>/gi;
const EMOJI_IMAGE = /<img src="(\/emoji\/[0-9a-f-]+\.svg)"[^>]*>/gi;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * The text a reader sees in sanitised message HTML, white space folded: for previews and search.
 * Emoji images read as their emoji character, block boundaries as spaces.
 */
export function messagePlainText(sanitized: string): string {
  const marked = sanitized
    .replace(EMOJI_IMAGE, (_match, path: string) => {
      const code = EMOJI_BY_PATH.get(path)?.code;
      return code
        ? ` ${code
            .split('-')
            .map((hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
            .join('')} `
        : ' ';
    })
    .replace(BLOCK_BOUNDARY, ' ');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Up to `max` characters of plain text, cut at a word boundary when one is near, with an ellipsis. */
export function previewText(plain: string, max = 200): string {
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * docs/product.md §5: a message is empty when nothing is left after removing br, div and p tags and
 * trimming. Checked on the sanitised HTML, so markup that sanitising removed counts as nothing,
 * and formatting with no text in it (`<b> </b>`) is empty too; an image is content.
 */
export function isEmptyMessage(sanitized: string, plain = messagePlainText(sanitized)): boolean {
  return !/<img\s/i.test(sanitized) && plain.length === 0;
}

export interface PreparedContent {
  /** Sanitised HTML, stored in messages.content. */
  content: string;
  /** Normalised plain text, stored in messages.content_search. */
  contentSearch: string;
  /** Plain text for topic previews (topics.preview) when this is a main message. */
  preview: string;
}

/**
 * Everything a message write stores about a body, or a 400 with the spec's Hebrew message: longer
 * than 10000 characters of markup as sent, or empty once sanitised.
 */
/**
 * Sanitises, then cleans what the entities decoded into (`&#1;` becomes a control character, `&#0;`
 * U+FFFD): the stored HTML follows the same text rules as every other field (shared/text.ts). A
 * cleaned result is sanitised once more, so removing a character can never join an unsafe URL.
 */
function sanitizeStoredText(html: string): string {
  const sanitized = sanitizeMessage(html);
  const cleaned = cleanText(sanitized.replace(/\uFFFD/g, ''));
  return cleaned === sanitized ? sanitized : cleanText(sanitizeMessage(cleaned));
}

export function prepareMessageContent(html: string): PreparedContent {
  if (html.length > LIMITS.messageMaxLength) {
    throw apiError('message_too_long');
  }
  const content = sanitizeStoredText(html);
  // One plain-text pass (a second sanitize-html parse) serves the emptiness check and the search text.
  const plain = messagePlainText(content);
  if (isEmptyMessage(content, plain)) throw apiError('empty_message');
  return { content, contentSearch: normalizeForSearch(plain), preview: previewText(plain) };
}
