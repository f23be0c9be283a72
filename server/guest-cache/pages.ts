import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type EncodedBody, encodeAnswer, type GuestCache } from './guest-cache';
import { cachedAnswer, negotiateEncoding, sharedAnswer, writeEncoded } from './http';
import { cacheTags } from './invalidation';
import { MESSAGE_PARAMETER } from '../../shared/notification-texts';

/** A page's HTML and the status it is answered with. */
export interface RenderedBody {
  /** The page's HTML (UTF-8 bytes, or a string). */
  body: string | Buffer;
  status: number;
}

/**
 * Makes the HTML of a page as a guest sees it: server rendered (server/ssr/server-renderer.ts) or
 * the built app shell.
 */
export interface PageRenderer {
  /** Which build the pages come from: an entry made by another build is not served. */
  version(): Promise<string>;
  /**
   * The version without waiting, when it was checked lately enough to trust (else undefined): the
   * guest cache's front door (front-door.ts) answers a page only then, and leaves the rest to the
   * page route, whose `version()` looks again.
   */
  knownVersion?(): string | undefined;
  /**
   * The page at `url` (path and query); `status` is what the path alone says (404 for a path that
   * is no route). The renderer may turn a 200 into a 404 (an unknown forum or topic).
   */
  render(url: string, status: number): Promise<RenderedBody>;
  /**
   * The Content-Security-Policy of the pages when it is not the app's own (inline stylesheets
   * allowed by hash), or null. Asked after `render`, so it covers what was just rendered.
   */
  contentSecurityPolicy?(): string | null;
}

/** The app shell, `index.html` of the built client, for every page; a rebuild is seen at once. */
export function shellRenderer(clientDir: string): PageRenderer {
  const file = path.join(clientDir, 'index.html');
  return {
    async version() {
      const info = await stat(file);
      return `${info.mtimeMs}-${info.size}`;
    },
    render: async (_url, status) => ({ body: await readFile(file, 'utf8'), status }),
  };
}

/**
 * The tags of a page: what it shows (the same as the JSON answers it is made from), or null for a
 * page that is not kept (search results, forms, links from mails: personal or endless).
 */
export function pageTags(pathname: string): string[] | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (clean === '/') return [cacheTags.home, cacheTags.forums];
  const forum = /^\/forum\/(\d+)$/.exec(clean);
  if (forum) return [cacheTags.forum(Number(forum[1])), cacheTags.forums];
  const topic = /^\/topic\/(\d+)$/.exec(clean);
  if (topic) return [cacheTags.topic(Number(topic[1])), cacheTags.recommendations, cacheTags.forums];
  if (clean === '/policy' || clean === '/not-found') return [];
  return null;
}

/**
 * A page route as the guest cache sees it (the route's `config.guestPage`): the cache's early hook
 * answers its hits before the rest of the request's hooks run.
 */
export interface GuestPageRoute {
  renderer: PageRenderer;
  /** What the path alone says: 200 for a route of the app, 404 for any other. */
  status(pathname: string): number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    guestPage?: GuestPageRoute;
  }
}

/**
 * The query parameters a server-rendered page reads: a topic's message to open (a notification's
 * link). Any other (`?fbclid=`, `?utm_source=`) changes nothing on the page, so it is left out:
 * such a request is answered as its path is, from the cache, and a page rendered for it is kept for
 * the path. Rendered afresh each time, as they were, readers from a social link waited for a render,
 * and anyone could force one with a random query.
 */
const PAGE_PARAMETERS: ReadonlySet<string> = new Set([MESSAGE_PARAMETER]);

/** What a page is rendered for: its path and only the query parameters pages read. */
export function pageAddress(url: string): { pathname: string; url: string; hasQuery: boolean } {
  const mark = url.indexOf('?');
  const pathname = mark < 0 ? url : url.slice(0, mark) || '/';
  if (mark < 0) return { pathname, url, hasQuery: false };
  const read = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1)))
    if (PAGE_PARAMETERS.has(name)) read.append(name, value);
  const query = read.toString();
  return query
    ? { pathname, url: `${pathname}?${query}`, hasQuery: true }
    : { pathname, url: pathname, hasQuery: false };
}

/** Where a page is kept, and the tags of what it shows; null for an answer that is never kept. */
function pageSlot(
  address: ReturnType<typeof pageAddress>,
  status: number,
): { key: string; tags: string[] } | null {
  const tags = status === 200 && !address.hasQuery ? pageTags(address.pathname) : null;
  return tags ? { key: pageKey(address.pathname), tags } : null;
}

/** Where the cache keeps the page of a path. */
export const pageKey = (pathname: string) => `page:${pathname}`;

/** The cached page of this build for the request, if the cache holds one. */
function cachedPage(
  request: FastifyRequest,
  cache: GuestCache,
  key: string,
  version: string,
): EncodedBody | undefined {
  const hit = cachedAnswer(cache, key, request.headers['accept-encoding']);
  return hit?.version === version ? hit : undefined;
}

/**
 * Answers a page from the guest cache when it holds this build's page, and says whether it did.
 * Called by the cache's own onRequest hook, so a hit skips the session lookup and the handler.
 */
export async function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  route: GuestPageRoute,
  cache: GuestCache,
): Promise<boolean> {
  const address = pageAddress(request.url);
  const slot = pageSlot(address, route.status(address.pathname));
  if (!slot) return false;
  const hit = cachedPage(request, cache, slot.key, await route.renderer.version());
  if (!hit) return false;
  reply.send(writeEncoded(request, reply, withPolicy(route.renderer, reply, hit)));
  return true;
}

/**
 * Answers a page: from the guest cache when it holds this build's page, else rendered, stored
 * (only a 200 of a kept page) and sent, compressed and with an ETag either way. A 404 page keeps
 * its status and is never stored: any path can be asked for. An address with a query a page reads
 * (a notification's `?message=`) is rendered for itself and not kept: the cache is keyed by path.
 * Other query parameters are dropped before anything else (`pageAddress`).
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { renderer: PageRenderer; status: number; cache: GuestCache | null },
): Promise<FastifyReply> {
  const { renderer, status, cache } = options;
  const address = pageAddress(request.url);
  const slot = pageSlot(address, status);
  const mayStore = request.headers.authorization === undefined;
  // Taken before anything is awaited, so readers arriving together find the one fill.
  const underWay = cache && slot ? cache.fillUnderWay(slot.key) : undefined;
  const epoch = cache?.epoch ?? 0;
  const finish = cache && slot && mayStore && !underWay ? cache.beginFill(slot.key, epoch) : undefined;
  try {
    const version = await renderer.version();
    const shared = await underWay;
    const ready =
      cache && slot
        ? shared?.version === version
          ? sharedAnswer(cache, slot.key, shared, request.headers['accept-encoding'])
          : cachedPage(request, cache, slot.key, version)
        : undefined;
    if (ready) {
      finish?.(ready);
      return reply.send(writeEncoded(request, reply, withPolicy(renderer, reply, ready)));
    }
    const rendered = await renderer.render(address.url, status);
    const keep = rendered.status === 200 && mayStore;
    // A page that will not be kept is encoded only the way this client takes it.
    const client = negotiateEncoding(request.headers['accept-encoding']);
    const entry = await encodeAnswer(rendered.body, {
      status: rendered.status,
      contentType: 'text/html; charset=utf-8',
      version,
      only: cache && slot && keep ? undefined : client,
      client,
    });
    if (cache && slot && keep) {
      cache.set(slot.key, entry, slot.tags, epoch);
      // Shared even when a write overtook it: those waiting asked before that write's drop.
      finish?.(entry);
    }
    return reply.send(writeEncoded(request, reply, withPolicy(renderer, reply, entry)));
  } finally {
    // A page not kept (a 404, an error) is made by each request that asks for it.
    finish?.(undefined);
  }
}

/** Puts the renderer's policy in place of the app's (set on every response by the security plugin). */
function withPolicy<T>(renderer: PageRenderer, reply: FastifyReply, body: T): T {
  const policy = renderer.contentSecurityPolicy?.();
  if (policy) reply.raw.setHeader('content-security-policy', policy);
  return body;
}
