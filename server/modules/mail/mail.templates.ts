import { escapeHtml } from '../../../shared/escape-html';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface LinkMailInput {
  siteName: string;
  subject: string;
  greeting: string;
  /** Paragraphs before the link. */
  body: string[];
  linkLabel: string;
  link: string;
  /** A closing line, e.g. how long the link works. */
  note: string;
}

/**
 * The frame of every Hebrew mail: a right-to-left page with the site's name as its heading around
 * `content` (HTML, already escaped). Mail clients ignore stylesheets, so styles are inline.
 */
export function mailPage(input: { subject: string; siteName: string; content: string }): string {
  return `<!doctype html>
<html lang="he" dir="rtl">
<head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body dir="rtl" style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2328;text-align:right">
<div dir="rtl" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">
<h1 dir="rtl" style="margin:0 0 16px;font-size:22px;text-align:right">${escapeHtml(input.siteName)}</h1>
${input.content}
</div>
</body>
</html>`;
}

/**
 * A Hebrew mail with one link, as right-to-left HTML and as plain text. Mail clients ignore
 * stylesheets, so the direction is set on every block and the styles are inline.
 */
export function renderLinkMail(input: LinkMailInput): MailContent {
  const subject = `${input.siteName}: ${input.subject}`;
  const text = [
    input.greeting,
    '',
    ...input.body,
    '',
    `${input.linkLabel}:`,
    input.link,
    '',
    input.note,
    '',
    `צוות ${input.siteName}`,
  ].join('\n');
  const paragraph = (content: string) =>
    `<p dir="rtl" style="margin:0 0 16px;text-align:right">${content}</p>`;
  const html = mailPage({
    subject,
    siteName: input.siteName,
    content: `${paragraph(escapeHtml(input.greeting))}
${input.body.map((line) => paragraph(escapeHtml(line))).join('\n')}
<p dir="rtl" style="margin:24px 0;text-align:center"><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 24px;background:#1f6feb;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(input.linkLabel)}</a></p>
${paragraph(`אם הכפתור אינו פועל, העתיקו את הקישור לדפדפן: <a dir="ltr" href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`)}
${paragraph(escapeHtml(input.note))}
${paragraph(`צוות ${escapeHtml(input.siteName)}`)}`,
  });
  return { subject, text, html };
}
