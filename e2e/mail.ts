import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The SMTP server the e2e run starts (e2e/serve.ts): a fixed loopback port beside the forum's. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 25);

/** Where it writes each mail it receives, one JSON file per mail, for the specs to read. */
export const E2E_MAIL_DIR = process.env.E2E_MAIL_DIR ?? path.join(tmpdir(), `forum-e2e-mail-${E2E_PORT}`);

interface StoredMail {
  to: string[];
  receivedAt: number;
  raw: string;
}

/** Starts the catcher with an empty mail folder; the forum sends to it through SMTP_URL. */
export async function startMailCatcher(): Promise<SMTPServer> {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    // Addresses starting with "bounce" are refused, as a broken mailbox would, so the specs can
    // reach the forum's "the mail could not be sent" answers.
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().startsWith('bounce')) {
        callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          receivedAt: Date.now(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        writeFileSync(
          path.join(E2E_MAIL_DIR, `${String(count).padStart(5, '0')}.json`),
          JSON.stringify(mail),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(E2E_SMTP_PORT, '127.0.0.1', resolve);
  });
  return server;
}

function readMails(): StoredMail[] {
  let names: string[];
  try {
    names = readdirSync(E2E_MAIL_DIR).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(E2E_MAIL_DIR, name), 'utf8')) as StoredMail);
}

/** The bodies of a raw mail, decoded from base64 or quoted-printable, joined. */
export function decodedBodies(raw: string): string {
  const text = raw.replace(/\r\n/g, '\n');
  const parts = text.split(/\n--[^\n]+\n/);
  return parts
    .map((part) => {
      const end = part.indexOf('\n\n');
      if (end === -1) return part;
      const head = part.slice(0, end).toLowerCase();
      const body = part.slice(end + 2);
      if (head.includes('content-transfer-encoding: base64')) {
        return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
      }
      if (head.includes('content-transfer-encoding: quoted-printable')) {
        const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
        try {
          return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
        } catch {
          return body;
        }
      }
      return body;
    })
    .join('\n');
}

/**
 * Waits for a mail to `address` received after `since` (ms) and returns the first link in it under
 * `route` (`activate-user` or `forgot-password`), as a path the browser can open.
 */
export async function waitForMailLink(
  address: string,
  route: 'activate-user' | 'forgot-password',
  since: number,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"'<>]+/${route}/[A-Za-z0-9_.~%-]+`);
  for (;;) {
    const mail = readMails()
      .filter((entry) => entry.to.includes(address.toLowerCase()) && entry.receivedAt >= since)
      .at(-1);
    const match = mail ? pattern.exec(decodedBodies(mail.raw)) : null;
    if (match) return new URL(match[0]).pathname;
    if (Date.now() > deadline) throw new Error(`no ${route} mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits for a mail to `address` received after `since` (ms) whose decoded text contains `needle`,
 * and returns that text.
 */
export async function waitForMailWith(
  address: string,
  needle: string,
  since: number,
  timeoutMs = 40_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMails()
      .filter((entry) => entry.to.includes(address.toLowerCase()) && entry.receivedAt >= since)
      .map((entry) => decodedBodies(entry.raw))
      .find((text) => text.includes(needle));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} with "${needle}"`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
