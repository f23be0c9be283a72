import type { NotificationCategory } from '../../../shared/schemas/notifications';
import { escapeHtml } from '../../../shared/escape-html';
import { type MailContent, mailPage } from '../mail/mail.templates';

export interface MailItem {
  /** The Hebrew sentence of the notification. */
  text: string;
  /** The message's text, sanitised to plain text and cut; empty when there is none. */
  excerpt: string;
  /** Absolute link to the message, or null for deleted content. */
  link: string | null;
}

export const CATEGORY_NAMES: Readonly<Record<NotificationCategory | 'all', string>> = {
  replies: 'תגובות וציטוטים',
  mentions: 'אזכורים',
  likes: 'סימוני אהבתי',
  moderation: 'פעולות מנהלים',
  all: 'כל ההתראות',
};

/**
 * A notification mail (one item) or a digest (several), Hebrew and right to left, with a plain-text
 * part, and a footer with the one-click unsubscribe link. The message text arrives as plain text
 * and is escaped here: nothing a writer typed becomes markup in a mail.
 */
export function renderNotificationMail(input: {
  siteName: string;
  subject: string;
  greeting: string;
  items: readonly MailItem[];
  unsubscribeLink: string;
  unsubscribeLabel: string;
  preferencesLink: string;
}): MailContent {
  const subject = `${input.siteName}: ${input.subject}`;
  const textItems = input.items.flatMap((item) => [
    item.text,
    ...(item.excerpt ? [`«${item.excerpt}»`] : []),
    ...(item.link ? [item.link] : []),
    '',
  ]);
  const text = [
    input.greeting,
    '',
    ...textItems,
    '--',
    `להפסקת המיילים על ${input.unsubscribeLabel}: ${input.unsubscribeLink}`,
    `לשינוי ההגדרות: ${input.preferencesLink}`,
    `צוות ${input.siteName}`,
  ].join('\n');
  const block = (content: string, style = 'margin:0 0 12px') =>
    `<p dir="rtl" style="${style};text-align:right">${content}</p>`;
  const htmlItems = input.items
    .map(
      (
        item,
      ) => `<div dir="rtl" style="margin:0 0 20px;padding:12px 16px;border-right:4px solid #1f6feb;background:#f6f8fa">
${block(`<strong>${escapeHtml(item.text)}</strong>`)}
${item.excerpt ? block(`<span dir="auto">${escapeHtml(item.excerpt)}</span>`, 'margin:0 0 12px;color:#57606a') : ''}
${item.link ? block(`<a href="${escapeHtml(item.link)}" style="color:#1f6feb">לצפייה בהודעה</a>`, 'margin:0') : ''}
</div>`,
    )
    .join('\n');
  const html = mailPage({
    subject,
    siteName: input.siteName,
    content: `${block(escapeHtml(input.greeting))}
${htmlItems}
${block(`<a href="${escapeHtml(input.unsubscribeLink)}">להפסקת המיילים על ${escapeHtml(input.unsubscribeLabel)}</a> · <a href="${escapeHtml(input.preferencesLink)}">לשינוי ההגדרות</a>`, 'margin:24px 0 0;font-size:13px;color:#57606a')}`,
  });
  return { subject, text, html };
}
