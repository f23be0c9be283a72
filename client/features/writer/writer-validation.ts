import { LIMITS } from '../../../shared/limits';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';

const LAYOUT_TAGS = /<\/?(?:br|div|p)\b[^>]*>/gi;

/**
 * The writer's rule of spec §5: empty once `br`, `div` and `p` tags are removed and the rest
 * trimmed, or longer than 10000 characters of markup. An image or emoji alone is not empty.
 */
export function messageError(html: string): string | null {
  const text = html
    .replace(LAYOUT_TAGS, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
  if (text === '') return VALIDATION_MESSAGES.emptyMessage;
  if (html.length > LIMITS.messageMaxLength) return VALIDATION_MESSAGES.messageTooLong;
  return null;
}

/** New-topic subject (spec §5): trimmed, at most 40 characters, not empty. */
export function subjectError(subject: string): string | null {
  const trimmed = subject.trim();
  if (trimmed === '') return VALIDATION_MESSAGES.emptySubject;
  if (trimmed.length > LIMITS.subjectMaxLength) return VALIDATION_MESSAGES.subjectTooLong;
  return null;
}

/** A link or image address typed into the writer: http(s) or mailto, at most 300 characters. */
export function urlError(url: string, kind: 'link' | 'image'): string | null {
  const trimmed = url.trim();
  if (trimmed.length > LIMITS.urlMaxLength) return VALIDATION_MESSAGES.urlTooLong;
  const pattern = kind === 'link' ? /^(https?:\/\/\S+|mailto:\S+)$/i : /^https?:\/\/\S+$/i;
  return pattern.test(trimmed) ? null : 'יש להזין כתובת המתחילה ב-http:// או https://';
}
