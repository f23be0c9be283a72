import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodeBody, type GuestCache } from './guest-cache';
import { negotiateEncoding, writeEncoded } from './http';
import { cacheTags } from './invalidation';

/** A page's HTML and the status it is answered with. */
export interface RenderedBody {
  body: string;
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
 * Answers a page: from the guest cache when it holds this build's page, else rendered, stored
 * (only a 200 of a kept page) and sent, compressed and with an ETag either way. A 404 page keeps
 * its status and is never stored: any path can be asked for. An address with a query (a
 * notification's `?message=`) is rendered for itself and not kept: the cache is keyed by path.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { renderer: PageRenderer; status: number; cache: GuestCache | null },
): Promise<FastifyReply> {
  const { renderer, status, cache } = options;
  const [pathname = '/', query] = request.url.split('?', 2);
  const key = `page:${pathname}`;
  const tags = status === 200 && query === undefined ? pageTags(pathname) : null;
  const version = await renderer.version();
  let hit = tags ? cache?.get(key) : undefined;
  if (cache && hit && negotiateEncoding(request.headers['accept-encoding']) === 'identity') {
    hit = cache.withPlainBody(key, hit);
  }
  if (hit && hit.version === version)
    return reply.send(writeEncoded(request, reply, withPolicy(renderer, reply, hit)));
  const epoch = cache?.epoch ?? 0;
  const rendered = await renderer.render(request.url, status);
  const keep = rendered.status === 200 && request.headers.authorization === undefined;
  // A page that will not be kept is encoded only the way this client takes it.
  const entry = encodeBody(rendered.body, {
    status: rendered.status,
    contentType: 'text/html; charset=utf-8',
    version,
    only: cache && tags && keep ? undefined : negotiateEncoding(request.headers['accept-encoding']),
  });
  if (cache && tags && keep) cache.set(key, entry, tags, epoch);
  return reply.send(writeEncoded(request, reply, withPolicy(renderer, reply, entry)));
}

/** Puts the renderer's policy in place of the app's (set on every response by the security plugin). */
function withPolicy<T>(renderer: PageRenderer, reply: FastifyReply, body: T): T {
  const policy = renderer.contentSecurityPolicy?.();
  if (policy) reply.raw.setHeader('content-security-policy', policy);
  return body;
}
