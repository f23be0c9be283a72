import { Writable } from 'node:stream';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LRUCache } from 'lru-cache';
import { StrictMode } from 'react';
import { renderToPipeableStream, renderToString as renderAtOnce } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ALL_POSTS_FORUM_ID } from '../shared/limits';
import type { Forum } from '../shared/schemas/forums';
import type { SiteInfo } from '../shared/schemas/site';
import type { TopicResponse } from '../shared/schemas/topics';
import {
  jsonForScript,
  type PageQuery,
  type PageQueryResult,
  type RenderedPage,
  type RenderOptions,
  type ServerEntry,
  type ServerState,
} from '../shared/server-render';
import { AppContent } from './app/app';
import { type HeadPage, renderHead } from './app/page-head';
import { queryKeys } from './lib/query-keys';
import { provideMessageSanitizer } from './components/message-content';
import { sanitizeMessageHtmlOnServer } from './lib/sanitize-on-server';
import { MESSAGE_PARAMETER } from '../shared/notification-texts';

/**
 * The server's side of the app (built by `vite build --ssr` to dist/server-render): the same
 * components and query keys as the browser, fed with the data the server fetched through its
 * services, rendered as a guest sees them.
 */

/**
 * Messages are sanitised without a DOM, into the HTML the browser's DOMPurify makes of them. A page
 * rendered again after a write shows mostly the same messages: up to ~2 million characters of
 * stored and sanitised HTML are kept (4 MB or so), by the stored HTML, which an edit changes.
 */
const sanitizedMessages = new LRUCache<string, string>({
  maxSize: 2_000_000,
  // At least 1, as the cache asks, even for an empty message.
  sizeCalculation: (sanitized, stored) => stored.length + sanitized.length + 1,
});
provideMessageSanitizer((html) => {
  let sanitized = sanitizedMessages.get(html);
  if (sanitized === undefined) {
    sanitized = sanitizeMessageHtmlOnServer(html);
    sanitizedMessages.set(html, sanitized);
  }
  return sanitized;
});

type RoutePage =
  | { kind: 'home' }
  | { kind: 'forum'; forumId: number }
  | { kind: 'topic'; topicId: number; messageId: number | null }
  | { kind: 'policy' }
  | { kind: 'not-found' };

const NOT_FOUND_PATH = '/page/not-found';

/** The page modules of client/app/routes.tsx, for the route's chunks the page's loader asks for. */
const PAGE_MODULES: Record<RoutePage['kind'], string> = {
  home: 'app/pages/home-page.tsx',
  forum: 'app/pages/forum-page.tsx',
  topic: 'app/pages/topic-page.tsx',
  policy: 'app/pages/policy-page.tsx',
  'not-found': 'app/pages/not-found-page.tsx',
};

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Which rendered page a URL is; null for the pages left to the browser (personal, forms, links from mails). */
function routePage(url: string): RoutePage | null {
  const parsed = new URL(url, 'http://localhost');
  const pathname = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  if (pathname === '/') return { kind: 'home' };
  if (pathname === '/policy') return { kind: 'policy' };
  if (pathname === NOT_FOUND_PATH || pathname === '/not-found') return { kind: 'not-found' };
  const forum = /^\/forum\/(\d+)$/.exec(pathname);
  const forumId = positiveId(forum?.[1]);
  if (forumId !== null) return { kind: 'forum', forumId };
  const topic = /^\/topic\/(\d+)$/.exec(pathname);
  const topicId = positiveId(topic?.[1]);
  if (topicId !== null)
    return {
      kind: 'topic',
      topicId,
      messageId: positiveId(parsed.searchParams.get(MESSAGE_PARAMETER) ?? undefined),
    };
  return null;
}

function pageQueries(url: string): PageQuery[] | null {
  const page = routePage(url);
  if (!page) return null;
  const shell: PageQuery[] = [{ kind: 'site' }, { kind: 'forums' }];
  // The pages that follow live events; their position comes first, before the data is read.
  const live: PageQuery[] = [{ kind: 'live' }, ...shell];
  switch (page.kind) {
    case 'home':
      return [...live, { kind: 'posts', forumId: ALL_POSTS_FORUM_ID }];
    case 'forum':
      return [...live, { kind: 'posts', forumId: page.forumId }];
    case 'topic':
      return [
        ...live,
        page.messageId === null
          ? { kind: 'topic', topicId: page.topicId }
          : { kind: 'topicAt', topicId: page.topicId, messageId: page.messageId },
      ];
    default:
      return shell;
  }
}

/**
 * The query key and shape the client's hook keeps this data under (lists and topics are infinite
 * queries); null for the live position, which is no query.
 */
function queryEntry(query: PageQuery, data: unknown): { key: readonly unknown[]; value: unknown } | null {
  const firstPage = { pages: [data], pageParams: [null] };
  switch (query.kind) {
    case 'site':
      return { key: queryKeys.site, value: data };
    case 'forums':
      return { key: queryKeys.forums, value: data };
    case 'posts':
      return { key: queryKeys.posts(query.forumId), value: firstPage };
    case 'topic':
      return { key: queryKeys.topic(query.topicId), value: firstPage };
    case 'topicAt':
      return { key: queryKeys.topicAt(query.topicId, query.messageId), value: firstPage };
    case 'live':
      return null;
  }
}

function dataOf<T>(results: readonly PageQueryResult[], kind: PageQuery['kind']): T | undefined {
  const found = results.find((result) => result.query.kind === kind);
  return (found?.data ?? undefined) as T | undefined;
}

/** Renders to a string once every Suspense boundary is ready (lazy route chunks included). */
function renderWhenReady(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        html += chunk.toString();
        callback();
      },
      final(callback) {
        resolve(html);
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      // One piece of HTML, every boundary in place: a large boundary would otherwise be sent after
      // the shell with an inline script to move it in, which the page's CSP (script-src 'self') forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error);
      },
    });
  });
}

/** What React writes for a Suspense boundary it left to the browser (something suspended or failed). */
const BOUNDARY_LEFT_TO_CLIENT = '<!--$!-->';

/**
 * Once the route chunks have loaded (after a few pages), nothing suspends, and
 * React's synchronous renderer makes the same HTML as the streaming one without encoding it to bytes
 * and back (a large share of a page's rendering time). When something did suspend, it gives up on
 * that boundary: the streaming renderer, which waits, makes the page then.
 */
function renderHtml(element: React.ReactElement, options: RenderOptions): Promise<string> {
  if (options.streaming) return renderWhenReady(element);
  let html: string;
  try {
    html = renderAtOnce(element);
  } catch {
    // It throws when something outside every boundary suspended; a real error throws again below.
    return renderWhenReady(element);
  }
  return html.includes(BOUNDARY_LEFT_TO_CLIENT) ? renderWhenReady(element) : Promise.resolve(html);
}

async function render(
  url: string,
  results: readonly PageQueryResult[],
  options: RenderOptions,
): Promise<RenderedPage> {
  const found = routePage(url);
  const page: RoutePage = options.status === 404 || !found ? { kind: 'not-found' } : found;
  const location = page.kind === 'not-found' && options.status === 404 ? NOT_FOUND_PATH : url;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  for (const result of results) {
    const entry = result.data === null ? null : queryEntry(result.query, result.data);
    if (entry) queryClient.setQueryData(entry.key, entry.value);
  }
  const html = await renderHtml(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={location}>
          <AppContent />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    options,
  );
  const site = dataOf<SiteInfo>(results, 'site');
  const forums = dataOf<Forum[]>(results, 'forums') ?? [];
  const topic = dataOf<TopicResponse>(
    results,
    page.kind === 'topic' && page.messageId !== null ? 'topicAt' : 'topic',
  );
  let head: HeadPage;
  switch (page.kind) {
    case 'forum':
      head = { kind: 'forum', forum: forums.find((forum) => forum.id === page.forumId) };
      break;
    case 'topic':
      head = topic
        ? { kind: 'topic', topic, forum: forums.find((forum) => forum.id === topic.post.forumId) }
        : { kind: 'not-found' };
      break;
    default:
      head = { kind: page.kind };
  }
  const pathname = new URL(location, 'http://localhost').pathname;
  const state: ServerState = {
    status: options.status,
    queries: dehydrate(queryClient),
    // Left out of the JSON on the pages without one.
    live: dataOf<string>(results, 'live'),
  };
  queryClient.clear();
  return {
    head: renderHead({ pathname, page: head, site, publicUrl: options.publicUrl }),
    html,
    state: jsonForScript(state),
    pageModule: PAGE_MODULES[page.kind],
  };
}

export const serverEntry: ServerEntry = { pageQueries, render };
