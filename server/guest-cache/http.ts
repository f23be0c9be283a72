import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyFor, type EncodedBody, type Encoding } from './guest-cache';

/** For pages and public JSON: the browser keeps the answer but asks again each time, with its ETag. */
export const CACHE_CONTROL_PUBLIC = 'no-cache';
/** For answers that depend on who asks. */
export const CACHE_CONTROL_PERSONAL = 'private, no-store';

/** How many distinct Accept-Encoding values keep their answer: browsers send a handful between them. */
const NEGOTIATED_HEADERS_MAX = 64;
const negotiated = new Map<string, Encoding>();

/**
 * The encoding to send for an Accept-Encoding header: brotli, then gzip, then none. A q of 0
 * refuses an encoding; `*` stands for any not named. No header at all means "no encoding".
 * Remembered by header value: parsing it was about a tenth of a cached page's CPU time, asked two
 * or three times a request, for the same few values every browser sends.
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(header);
    // Any value can be sent: past the bound, the oldest is forgotten.
    if (negotiated.size >= NEGOTIATED_HEADERS_MAX) negotiated.delete(negotiated.keys().next().value ?? '');
    negotiated.set(header, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(header: string): Encoding {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const candidates: Encoding[] = ['br', 'gzip'];
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const candidate of candidates) {
    const weight = weightOf(candidate);
    if (weight > bestWeight) {
      best = candidate;
      bestWeight = weight;
    }
  }
  return best;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}

/**
 * Sets the status and headers of an encoded answer on the reply and returns the bytes to send:
 * a 304 with no body when the client's copy is current, else the body in the best encoding the
 * client accepts. Usable from a handler (`reply.send(writeEncoded(…))`) and from an onSend hook.
 */
export function writeEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: EncodedBody,
  cacheControl: string = CACHE_CONTROL_PUBLIC,
): Buffer | string {
  reply.header('cache-control', cacheControl);
  reply.header('vary', 'accept-encoding');
  reply.header('content-type', entry.contentType);
  if (entry.status === 200) {
    reply.header('etag', entry.etag);
    if (etagMatches(request.headers['if-none-match'], entry.etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
  }
  const { encoding, body } = bodyFor(entry, negotiateEncoding(request.headers['accept-encoding']));
  reply.code(entry.status);
  // A compressed body carries its Content-Encoding, so the on-the-fly compressor leaves it alone; a
  // plain one is either below its threshold too or for a client that accepts no encoding.
  if (encoding === 'identity') reply.removeHeader('content-encoding');
  else reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}
