import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyFor, type EncodedBody, type Encoding, type GuestCache } from './guest-cache';

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

/**
 * The entry under `key` as a request with this Accept-Encoding is answered: with its plain body
 * kept when the client takes gzip or no encoding (`GuestCache.withBodyFor`).
 */
export function cachedAnswer(
  cache: GuestCache,
  key: string,
  acceptEncoding: string | undefined,
): EncodedBody | undefined {
  const hit = cache.get(key);
  return hit && sharedAnswer(cache, key, hit, acceptEncoding);
}

/**
 * An answer another request made for `key` (a fill this one waited for), as this request's
 * Accept-Encoding takes it, as `cachedAnswer` gives a kept one.
 */
export function sharedAnswer(
  cache: GuestCache,
  key: string,
  shared: EncodedBody,
  acceptEncoding: string | undefined,
): EncodedBody {
  return cache.withBodyFor(key, shared, negotiateEncoding(acceptEncoding));
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}

/** An encoded answer as it goes on the wire: status, headers in the order they are written, body. */
export interface EncodedAnswer {
  status: number;
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer | string;
}

/**
 * The status, headers and bytes of an encoded answer for a request's If-None-Match and
 * Accept-Encoding: a 304 with no body when the client's copy is current, else the body in the best
 * encoding the client accepts. The one rule for both ways a hit leaves: through Fastify
 * (`writeEncoded`) and before it (front-door.ts).
 */
export function encodedAnswer(
  entry: EncodedBody,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  cacheControl: string = CACHE_CONTROL_PUBLIC,
): EncodedAnswer {
  const headers: [string, string][] = [
    ['cache-control', cacheControl],
    ['vary', 'accept-encoding'],
    ['content-type', entry.contentType],
  ];
  if (entry.status === 200) {
    headers.push(['etag', entry.etag]);
    // Fastify gives a bodiless 304 this length too; named here so both paths write it in one place.
    if (etagMatches(ifNoneMatch, entry.etag)) {
      headers.push(['content-length', '0']);
      return { status: 304, headers, body: '' };
    }
  }
  const { encoding, body } = bodyFor(entry, negotiateEncoding(acceptEncoding));
  // A compressed body carries its Content-Encoding, so the on-the-fly compressor leaves it alone; a
  // plain one is either below its threshold too or for a client that accepts no encoding.
  if (encoding !== 'identity') headers.push(['content-encoding', encoding]);
  headers.push(['content-length', String(body.length)]);
  return { status: entry.status, headers, body };
}

/**
 * Sets the status and headers of an encoded answer on the reply and returns the bytes to send.
 * Usable from a handler (`reply.send(writeEncoded(…))`) and from an onSend hook.
 */
export function writeEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: EncodedBody,
  cacheControl: string = CACHE_CONTROL_PUBLIC,
): Buffer | string {
  const answer = encodedAnswer(
    entry,
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
    cacheControl,
  );
  // An answer compressed on the way (an onSend hook) may already name an encoding.
  reply.removeHeader('content-encoding');
  for (const [name, value] of answer.headers) reply.header(name, value);
  reply.code(answer.status);
  return answer.body;
}
