/**
 * The message markup of docs/product.md §1, enforced twice: by the server's sanitiser when a message is written
 * (server/modules/markup) and by DOMPurify when it is shown (client/lib/sanitize.ts).
 */

/** Every link in a message opens in a new tab and passes no referrer, opener or ranking credit. */
export const LINK_REL = 'noopener noreferrer nofollow ugc';

/** Tags of the spec's markup: bold, italic, underline, code, quote, links, images, line breaks. */
export const ALLOWED_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  'code',
  'pre',
  'blockquote',
  'a',
  'img',
  'br',
  'p',
  'div',
  'span',
] as const;

/**
 * `<span data-mention="{userId}">@name</span>`: a mention, marked by the server only (a span sent
 * by a writer is dropped and the mentions are found again in the text). Rendered as the user's
 * name with their avatar; there is no profile page to link to.
 */
export const MENTION_ATTRIBUTE = 'data-mention';

/**
 * `<blockquote data-quote="{messageId}">`: a quote of another message, kept by the server only
 * when that message exists. Its author is notified.
 */
export const QUOTE_ATTRIBUTE = 'data-quote';

/** A highlight.js language class on a code block, e.g. `language-typescript`, `language-c++`. */
export const CODE_LANGUAGE_CLASS = /^language-[a-z0-9_+#-]{1,30}$/i;
