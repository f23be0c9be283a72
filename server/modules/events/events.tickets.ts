import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../accounts/keys';

/** How long a ticket may open streams; the session itself is checked again at every opening. */
export const TICKET_TTL_MS = 10 * 60_000;

export interface TicketClaims {
  sessionId: number;
  userId: number;
}

function mac(secretKey: string, body: string): string {
  return createHmac('sha256', deriveKey(secretKey, 'event-tickets')).update(body).digest('base64url');
}

/**
 * A pass for GET /api/events, which EventSource opens without an Authorization header. It names
 * the session, not the bearer token, so the token never appears in a URL (and so in access logs,
 * proxies or history); it only opens read-only streams and expires within minutes.
 */
export function issueTicket(secretKey: string, claims: TicketClaims, now: number) {
  const expiresAt = now + TICKET_TTL_MS;
  const body = `${claims.sessionId}.${claims.userId}.${expiresAt}`;
  return { ticket: `${body}.${mac(secretKey, body)}`, expiresAt };
}

/** The claims of an authentic, unexpired ticket, or null. */
export function readTicket(secretKey: string, ticket: string, now: number): TicketClaims | null {
  const match = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(ticket);
  if (!match) return null;
  const [, sessionId, userId, expiresAt, signature] = match;
  const expected = Buffer.from(mac(secretKey, `${sessionId}.${userId}.${expiresAt}`));
  const given = Buffer.from(signature ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expiresAt) <= now) return null;
  return { sessionId: Number(sessionId), userId: Number(userId) };
}
