import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodeBody, type GuestCache } from './guest-cache';
import { writeEncoded } from './http';
import { cacheTags } from './invalidation';

/**
 * Makes the HTML of a page as a guest sees it. Today every page is the built app shell; server
 * rendering will make the page from the path (and the same queries the JSON routes answer).
 */
export interface PageRenderer {
  /** Which build the pages come from: an entry made by another build is not served. */
  version(): Promise<string>;
  render(pathname: string): Promise<string>;
}

/** The app shell, `index.html` of the built client, for every page; a rebuild is seen at once. */
export function shellRenderer(clientDir: string): PageRenderer {
  const file = path.join(clientDir, 'index.html');
  return {
    async version() {
      const info = await stat(file);
      return `${info.mtimeMs}-${info.size}`;
    },
    render: () => readFile(file, 'utf8'),
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
 * its status and is never stored: any path can be asked for.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { renderer: PageRenderer; status: number; cache: GuestCache | null },
): Promise<FastifyReply> {
  const { renderer, status, cache } = options;
  const pathname = request.url.split('?', 1)[0] ?? '/';
  const key = `page:${pathname}`;
  const tags = status === 200 ? pageTags(pathname) : null;
  const version = await renderer.version();
  const hit = tags && cache?.get(key);
  if (hit && hit.version === version) return reply.send(writeEncoded(request, reply, hit));
  const epoch = cache?.epoch ?? 0;
  const entry = encodeBody(await renderer.render(pathname), {
    status,
    contentType: 'text/html; charset=utf-8',
    version,
  });
  if (cache && tags && request.headers.authorization === undefined) cache.set(key, entry, tags, epoch);
  return reply.send(writeEncoded(request, reply, entry));
}
