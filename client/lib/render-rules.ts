import { CODE_LANGUAGE_CLASS, LINK_REL, MENTION_ATTRIBUTE, QUOTE_ATTRIBUTE } from '../../shared/markup-rules';

/**
 * What a message's stored HTML becomes when it is shown, in one place for both sanitisers: DOMPurify
 * in the browser (./sanitize.ts) and the server render's (./sanitize-on-server.ts), whose HTML the
 * browser keeps when it hydrates. Tags are the stored markup's (shared/markup-rules.ts).
 */

/** Attributes an element may keep (on any allowed tag); the rules below narrow some of them. */
export const RENDER_ATTRIBUTES = [
  'href',
  'target',
  'rel',
  'src',
  'alt',
  'class',
  'dir',
  MENTION_ATTRIBUTE,
  QUOTE_ATTRIBUTE,
  'loading',
  'decoding',
] as const;

/** A link's or image's address: the web, mail, or one of the forum's emoji images. */
export const SAFE_URL = /^(?:https?:|mailto:|\/emoji\/[0-9a-f-]+\.svg$)/i;

/** A user's or message's id, as a mention or quote carries it. */
export const ID = /^[1-9]\d{0,15}$/;

/** The only data attributes a message keeps: a mention on a span, a quote on a blockquote, each an id. */
export const DATA_ATTRIBUTE_TAG: Readonly<Record<string, string>> = {
  [MENTION_ATTRIBUTE]: 'span',
  [QUOTE_ATTRIBUTE]: 'blockquote',
};

/** Whether a data attribute of the list above may stay on this element (tag in lower case). */
export function keepsDataAttribute(tag: string, name: string, value: string): boolean {
  const dataTag = DATA_ATTRIBUTE_TAG[name];
  return dataTag === undefined || (tag === dataTag && ID.test(value));
}

/** A class stays only on code, as its highlight.js language. */
export function keepsClass(tag: string, value: string): boolean {
  return tag === 'code' && CODE_LANGUAGE_CLASS.test(value);
}

/** Images load when they come near the screen and decode off the main thread. */
export const IMAGE_LOADING = { loading: 'lazy', decoding: 'async' } as const;

/** Set on every link, over what it had: it opens in a new tab without a handle on ours (docs/product.md §1). */
export const LINK_ATTRIBUTES = { target: '_blank', rel: LINK_REL } as const;

/** Code reads left to right even inside the right-to-left page; no other element keeps its `dir`. */
export const codeDirection = (tag: string): string | null => (tag === 'pre' || tag === 'code' ? 'ltr' : null);

/**
 * The blocks of a message that take the direction of their own text once sanitised (textDirection;
 * a writer's `dir` never stays): an English paragraph of a Hebrew message reads left to right, as
 * the writer showed it (components/writer/writing-direction.ts). The text is the block's as shown,
 * mentions and code included.
 */
export const TEXT_BLOCKS = ['p', 'blockquote', 'div'] as const;
const TEXT_BLOCK_SET: ReadonlySet<string> = new Set(TEXT_BLOCKS);
export const isTextBlock = (tag: string): boolean => TEXT_BLOCK_SET.has(tag);

/** A code block can scroll sideways: keyboard users must be able to reach it to scroll it. */
export const BLOCK_TABINDEX = '0';

/**
 * A mention the server marked becomes the user's avatar and name, with no link (there is no
 * profile page). Added after sanitising, so the avatar's address is built here and never comes
 * from the message.
 */
export const MENTION_SPAN = { class: 'mention', dir: 'auto' } as const;

export function mentionAvatar(userId: string): Readonly<Record<string, string>> {
  return {
    class: 'mention__avatar',
    src: `/api/avatars/${userId}.svg`,
    alt: '',
    width: '18',
    height: '18',
    ...IMAGE_LOADING,
  };
}
