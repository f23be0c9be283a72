import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startSmtpServer } from '../../test/smtp';
import { createMailer } from './mail.service';
import { renderLinkMail } from './mail.templates';

const content = renderLinkMail({
  siteName: 'פורום <בדיקה>',
  subject: 'הפעלת החשבון',
  greeting: 'שלום דנה,',
  body: ['יש ללחוץ על הקישור.'],
  linkLabel: 'הפעלת החשבון',
  link: 'http://forum.test/activate-user/abc_DEF-123',
  note: 'הקישור בתוקף 7 ימים.',
});
const mail = { to: 'dana@example.test', link: 'http://forum.test/activate-user/abc_DEF-123', ...content };

function recordingLog() {
  const entries: unknown[] = [];
  const log = { info: (entry: unknown) => entries.push(entry) } as unknown as FastifyBaseLogger;
  return { log, entries };
}

describe('mail', () => {
  it('renders Hebrew right-to-left HTML with a plain-text part, the site name and the link, escaped', () => {
    expect(content.subject).toBe('פורום <בדיקה>: הפעלת החשבון');
    expect(content.html).toContain('<html lang="he" dir="rtl">');
    expect(content.html).toContain('href="http://forum.test/activate-user/abc_DEF-123"');
    expect(content.html).toContain('פורום &#60;בדיקה&#62;');
    expect(content.html).not.toContain('<בדיקה>');
    expect(content.text).toContain('http://forum.test/activate-user/abc_DEF-123');
    expect(content.text).toContain('צוות פורום <בדיקה>');
  });

  it('writes an .eml per mail to DATA_DIR/outbox and logs the link when no SMTP_URL is set', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-mail-'));
    const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), SITE_NAME: 'פורום' });
    const { log, entries } = recordingLog();
    const mailer = createMailer(config, log);
    await mailer.send(mail);
    await mailer.send(mail);
    mailer.close();
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const eml = readFileSync(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^To: dana@example\.test$/m);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(entries[0]).toMatchObject({ to: 'dana@example.test', link: mail.link });
  });

  it('makes the outbox again when it was removed while the server runs', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forum-mail-'));
    const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), SITE_NAME: 'פורום' });
    const mailer = createMailer(config, recordingLog().log);
    await mailer.send(mail);
    rmSync(path.join(dataDir, 'outbox'), { recursive: true });
    await mailer.send(mail);
    mailer.close();
    expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(1);
  });

  it('sends over SMTP when SMTP_URL is set, and throws when the server refuses', async () => {
    const smtp = await startSmtpServer();
    try {
      const config = loadConfig({
        SECRET_KEY: 'x'.repeat(32),
        SMTP_URL: smtp.url,
        SITE_NAME: 'פורום',
        MAIL_FROM: 'forum@example.test',
      });
      const mailer = createMailer(config, recordingLog().log);
      await mailer.send(mail);
      const received = smtp.lastMailTo('dana@example.test');
      expect(received.subject).toBe(content.subject);
      expect(received.text).toContain(mail.link);
      expect(received.html).toContain('dir="rtl"');
      expect(received.raw).toMatch(/^From: .*<forum@example\.test>$/m);
      smtp.state.failing = true;
      await expect(mailer.send(mail)).rejects.toThrow();
      mailer.close();
    } finally {
      await smtp.close();
    }
  });
});
