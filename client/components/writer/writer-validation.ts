import { LIMITS } from '../../../shared/limits';
import { messageContent } from '../../../shared/schemas/messages';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { fieldError } from '../../lib/field-error';

const LAYOUT_TAGS = /<\/?(?:br|div|p)\b[^>]*>/gi;

/**
 * The writer's rule of spec §5: empty once `br`, `div` and `p` tags are removed and the rest
 * trimmed (what the editor's markup looks like when nothing was typed), then the shared length rule
 * of the message body. An image or emoji alone is not empty.
 */
export function messageError(html: string): string | null {
  const text = html
    .replace(LAYOUT_TAGS, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
  if (text === '') return VALIDATION_MESSAGES.emptyMessage;
  return fieldError(messageContent, html);
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
