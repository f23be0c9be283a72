import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Logger } from '../../deps';
import type { MailContent } from './mail.templates';

export interface OutgoingMail extends MailContent {
  to: string;
  /** The link the mail carries, logged when the mail goes to the outbox. */
  link: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** A fixed Message-ID, so every attempt at one queued mail carries the same identity. */
  messageId?: string;
  /** The sender's name: the site's name as admins saved it (SITE_NAME when none is given). */
  fromName?: string;
}

export interface Mailer {
  /** Delivers the mail or throws: the caller decides whether to keep it for a retry. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A mail server that does not answer must not hold a request for nodemailer's default two minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The message nodemailer sends, the same for SMTP and the outbox. */
function messageOf(from: { name: string; address: string }, mail: OutgoingMail) {
  return {
    from: mail.fromName ? { ...from, name: mail.fromName } : from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: mail.messageId,
  };
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail becomes an .eml file in
 * DATA_DIR/outbox and its link is logged, so the forum works on a laptop with no mail server.
 */
export function createMailer(config: Config, log: Logger): Mailer {
  const from = { name: config.siteName, address: config.mailFrom };
  // nodemailer loads with the first mail, not at start: most requests never send one.
  let transport: Promise<Transporter> | undefined;
  const open = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return transport;
  };
  const close = () => {
    void transport?.then((opened) => opened.close());
  };
  if (config.smtpUrl) {
    return {
      async send(mail) {
        await (await open()).sendMail(messageOf(from, mail));
      },
      close,
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(mail) {
      const info = await (await open()).sendMail(messageOf(from, mail));
      const file = path.join(outbox, `${Date.now()}-${randomUUID().slice(0, 8)}.eml`);
      await writeToOutbox(outbox, file, info.message as Buffer);
      log.info({ to: mail.to, link: mail.link, file }, 'no SMTP_URL: mail written to the outbox');
    },
    close,
  };
}

/**
 * Writes one mail file, making the outbox folder only when it is missing (the first mail, or
 * after someone emptied DATA_DIR): a `mkdir` before every mail was a system call per reply.
 */
async function writeToOutbox(outbox: string, file: string, message: Buffer): Promise<void> {
  try {
    await writeFile(file, message, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(outbox, { recursive: true });
    await writeFile(file, message, { mode: 0o600 });
  }
}
