import type { IncomingMessage, ServerResponse } from 'node:http';
import { type SecurityHeaderSets, XSRF_COOKIE, newXsrfToken, xsrfCookieOptions } from '../plugins/security';
import type { EncodedBody, GuestCache } from './guest-cache';
import { cachedAnswer, encodedAnswer, sharedAnswer } from './http';
import { type PageRenderer, pageKey } from './pages';
import { COMPRESS_THRESHOLD_BYTES } from './guest-cache';

export interface FrontDoorOptions {
  cache: GuestCache;
  securityHeaders: SecurityHeaderSets;
  httpsOnly: boolean;
  trustProxy: boolean;
  parseCookie: (header: string) => Record<string, string | undefined>;
  serializeCookie: (name: string, value: string, options: ReturnType<typeof xsrfCookieOptions>) => string;
  /** The one renderer of the page routes, or null when pages are left to Fastify. */
  pages: () => PageRenderer | null;
  closing: () => boolean;
  /** Fastify's own request listener: a request that waited here for nothing to share goes on to it. */
  passOn: (request: IncomingMessage, response: ServerResponse) => void;
  /** Called with each hit answered here (tests count them; the info log writes a line). */
  onHit?: (request: IncomingMessage, status: number) => void;
}

/**
 * Answers guest-cache hits on Node's raw request, before Fastify's routing, request and reply
 * objects and hooks, and says whether it did. Only what it is sure of: a GET of exactly a key the
 * cache holds (filled by a public route or a page route for that very path, so Fastify would route
 * it there and answer it from the cache too), with no query, a page only of the build it knows
 * without waiting; and a miss of such a key while another request is making its answer waits here
 * for it (`awaitFill`). Everything else (HEAD, other methods, a query, a miss, a plain body too large for
 * a client whose Accept-Encoding the compressor might read otherwise, a closing server, an XSRF
 * cookie whose Secure flag depends on a proxy) goes on to Fastify unchanged. The headers are those
 * the Fastify path writes, from the same functions: the security headers, the encoded answer's
 * (`encodedAnswer`), the XSRF cookie when the request has none.
 */
export function guestCacheFrontDoor(options: FrontDoorOptions) {
  const { cache, securityHeaders } = options;

  /** Writes a kept (or shared) answer, and says whether it did: false leaves it to Fastify. */
  function answer(
    request: IncomingMessage,
    response: ServerResponse,
    hit: EncodedBody,
    policy: string | null,
  ): boolean {
    const url = request.url ?? '';
    const acceptEncoding = request.headers['accept-encoding'];
    let cookie: string | null = null;
    const cookieHeader = request.headers.cookie;
    if (!(cookieHeader && options.parseCookie(cookieHeader)[XSRF_COOKIE])) {
      const encrypted = (request.socket as { encrypted?: boolean }).encrypted === true;
      // Behind a trusted proxy Fastify reads the protocol from X-Forwarded-Proto: left to it.
      if (!options.httpsOnly && options.trustProxy && request.headers['x-forwarded-proto'] !== undefined)
        return false;
      cookie = options.serializeCookie(
        XSRF_COOKIE,
        newXsrfToken(),
        xsrfCookieOptions(options.httpsOnly || encrypted),
      );
    }
    const outgoing = encodedAnswer(hit, request.headers['if-none-match'], acceptEncoding);
    // A plain body the on-the-fly compressor would look at (1 KB or more, with an Accept-Encoding it
    // parses its own way): Fastify's path decides.
    const encoded = outgoing.headers.some(([name]) => name === 'content-encoding');
    if (
      outgoing.status !== 304 &&
      !encoded &&
      acceptEncoding !== undefined &&
      outgoing.body.length >= COMPRESS_THRESHOLD_BYTES
    )
      return false;
    const headers: string[] = [];
    for (const [name, value] of securityHeaders.for(url)) {
      headers.push(name, policy && name === 'content-security-policy' ? policy : value);
    }
    for (const [name, value] of outgoing.headers) headers.push(name, value);
    // Fastify writes the cookie after the answer's headers (the cookie plugin's onSend hook).
    if (cookie) headers.push('set-cookie', cookie);
    response.writeHead(outgoing.status, headers);
    response.end(outgoing.body);
    options.onHit?.(request, outgoing.status);
    return true;
  }

  /**
   * A miss while the same answer is being made (`GuestCache.fillUnderWay`): the request waits here
   * for it, then is answered as a hit, or goes on to Fastify when the fill made nothing to share.
   */
  function awaitFill(
    request: IncomingMessage,
    response: ServerResponse,
    underWay: Promise<EncodedBody | undefined>,
    page: PageRenderer | null,
  ): true {
    underWay
      .then((shared) => {
        const acceptEncoding = request.headers['accept-encoding'];
        const key = page ? pageKey(request.url ?? '') : (request.url ?? '');
        const current = page ? page.knownVersion?.() : undefined;
        const usable = shared && (!page || (current !== undefined && shared.version === current));
        const answered =
          usable &&
          !options.closing() &&
          answer(
            request,
            response,
            sharedAnswer(cache, key, shared, acceptEncoding),
            page?.contentSecurityPolicy?.() ?? null,
          );
        if (!answered) options.passOn(request, response);
      })
      .catch(() => {
        if (!response.headersSent) options.passOn(request, response);
        else response.destroy();
      });
    return true;
  }

  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = request.url ?? '';
    if (request.method !== 'GET' || url.includes('?') || options.closing()) return false;
    const acceptEncoding = request.headers['accept-encoding'];
    const hit = cachedAnswer(cache, url, acceptEncoding);
    if (hit) return answer(request, response, hit, null);
    const jsonUnderWay = cache.fillUnderWay(url);
    if (jsonUnderWay) return awaitFill(request, response, jsonUnderWay, null);
    const renderer = options.pages();
    const version = renderer?.knownVersion?.();
    if (!renderer || version === undefined) return false;
    const page = cachedAnswer(cache, pageKey(url), acceptEncoding);
    if (page?.version === version)
      return answer(request, response, page, renderer.contentSecurityPolicy?.() ?? null);
    const pageUnderWay = page ? undefined : cache.fillUnderWay(pageKey(url));
    return pageUnderWay ? awaitFill(request, response, pageUnderWay, renderer) : false;
  };
}
