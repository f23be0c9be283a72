import { ERRORS } from '../../../shared/errors';
import { LIMITS } from '../../../shared/limits';
import { messageContent } from '../../../shared/schemas/messages';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { fieldError } from '../../lib/field-error';

const LAYOUT_TAGS = /<\/?(?:br|div|p)\b[^>]*>/gi;

/**
 * The writer's rule of docs/product.md §5: empty once `br`, `div` and `p` tags are removed and the rest
 * trimmed (what the editor's markup looks like when nothing was typed), then the shared length rule
 * of the message body. An image or emoji alone is not empty.
 */
export function messageError(html: string): string | null {
  if (isBlankMessage(html)) return VALIDATION_MESSAGES.emptyMessage;
  return fieldError(messageContent, html);
}

/** The editor's markup when nothing was typed: §5's empty message. */
export function isBlankMessage(html: string): boolean {
  return (
    html
      .replace(LAYOUT_TAGS, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === ''
  );
}

const LINK_ADDRESS = /^(https?:\/\/\S+|mailto:\S+)$/i;
const IMAGE_ADDRESS = /^https?:\/\/\S+$/i;

/** A link or image address typed into the writer: http(s) or mailto, at most 300 characters. */
export function urlError(url: string, kind: 'link' | 'image'): string | null {
  const trimmed = url.trim();
  if (trimmed.length > LIMITS.urlMaxLength) return VALIDATION_MESSAGES.urlTooLong;
  return (kind === 'link' ? LINK_ADDRESS : IMAGE_ADDRESS).test(trimmed)
    ? null
    : 'יש להזין כתובת המתחילה ב-http:// או https://';
}

/** `@` at a word's start (or after Hebrew prefix letters, as in `ל@דני`), then the name's first word. */
const MENTION = /(?:^|[\s(>"'\u05d5\u05d1\u05dc\u05de\u05e9\u05d4\u05db])@([^\s@<>,.!?;:()"']+)/gu;

/**
 * How many different users the text seems to mention. The server decides which `@name`s are users
 * (names may hold spaces), so this counts distinct first words after an `@`: enough to warn before
 * the server's cap, and never more than the names typed.
 */
export function countMentions(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) if (match[1]) names.add(match[1].toLowerCase());
  return names.size;
}

/** The writer's mention cap (spec addition): at most 10 mentioned users per message. */
export function mentionsError(html: string): string | null {
  return countMentions(html) > LIMITS.mentionsMax ? ERRORS.too_many_mentions.message : null;
}
