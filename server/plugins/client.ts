import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '../../shared/client-routes';
import type { ServerEntry } from '../../shared/server-render';
import { type PageRenderer, sendPage, shellRenderer } from '../guest-cache/pages';
import { apiError } from '../http-error';
import { pageContentSecurityPolicy } from './security';
import { loadServerEntry, serverRenderer } from '../ssr/server-renderer';

export const NOT_FOUND_PAGE = '/page/not-found';

/**
 * Serves the built client: hashed assets with long caching (their .br/.gz twins from the build
 * when the browser takes them), and every page path through the guest cache when the app has one:
 * the guest pages rendered on the server (server/ssr/), the others as the app shell for the browser
 * to render. Paths that are no route of docs/product.md §2, `/page/not-found` itself, and an unknown
 * forum or topic get the not-found page with a real 404.
 */
export async function clientPlugin(
  app: FastifyInstance,
  options: { clientDir: string | null; serverEntry?: ServerEntry | null },
) {
  const { clientDir } = options;
  let renderer: PageRenderer | null = null;
  if (clientDir) {
    const rendererFor = (entry: ServerEntry | null): PageRenderer =>
      entry
        ? serverRenderer({
            clientDir,
            entry,
            sources: {
              deps: app.deps,
              siteSettings: app.siteSettings,
              livePosition: () => app.liveEvents.streams.position(),
            },
            publicUrl: app.config.publicUrl,
            log: app.log,
            contentSecurityPolicy: (styleSources) =>
              pageContentSecurityPolicy(app.config.publicUrl.startsWith('https:'), styleSources),
          })
        : shellRenderer(clientDir);
    renderer =
      options.serverEntry === undefined
        ? rendererOnFirstPage(async () => {
            try {
              return rendererFor(await loadServerEntry(clientDir));
            } catch (error) {
              // The app shell still works: the browser renders every page itself.
              app.log.error({ err: error }, 'the server-render bundle did not load');
              return shellRenderer(clientDir);
            }
          })
        : rendererFor(options.serverEntry);
  }
  const cache = app.hasDecorator('guestCache') ? app.guestCache : null;
  /** A page path: 200 for a route of the app, 404 (the not-found page) for any other. */
  const pageStatus = (pathname: string) => (isClientRoute(pathname) ? 200 : 404);
  const sendClientPage = (request: FastifyRequest, reply: FastifyReply, pageRenderer: PageRenderer) => {
    const status = pageStatus(request.url.split('?')[0] ?? '/');
    return sendPage(request, reply, { renderer: pageRenderer, status, cache });
  };
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // Looked up per request rather than listed at start: a rebuilt client is served without a restart.
      wildcard: true,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite names files under assets/ by their content hash, so they never change.
        const immutable = filePath.includes('/assets/');
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static handler refuses a directory (403) without an index, so the home page is routed here.
    const home = renderer ?? shellRenderer(clientDir);
    // The guest cache answers these pages' hits in its own early hook (`guestPage`), before the
    // session lookup; what reaches the handlers is a miss, a HEAD or an address with a query a page
    // reads (`pageAddress`).
    app.get(
      '/',
      { schema: { hide: true }, config: { guestPage: { renderer: home, status: () => 200 } } },
      (request, reply) => sendPage(request, reply, { renderer: home, status: 200, cache }),
    );
    // The guest pages go straight to the renderer: the static files' wildcard would first look for
    // each on disk (a stat and a directory listing per request) before handing it to the 404 handler.
    for (const path of ['/forum/:forumId', '/topic/:topicId', '/policy']) {
      app.get(
        path,
        { schema: { hide: true }, config: { guestPage: { renderer: home, status: pageStatus } } },
        (request, reply) => sendClientPage(request, reply, home),
      );
    }
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || !renderer || !['GET', 'HEAD'].includes(request.method)) {
      throw apiError('not_found');
    }
    return sendClientPage(request, reply, renderer);
  });
}

/**
 * A renderer made when the first page is asked for. Loading the server-render bundle (React's
 * server renderer and the app's components) is CPU time and memory of the server's start that the
 * API does not need (0.9 s and 75 MB when it carried jsdom); the first page pays it instead.
 */
function rendererOnFirstPage(make: () => Promise<PageRenderer>): PageRenderer {
  let made: Promise<PageRenderer> | undefined;
  let loaded: PageRenderer | undefined;
  const current = () => {
    made ??= make().then((renderer) => {
      loaded = renderer;
      return renderer;
    });
    return made;
  };
  return {
    version: async () => (await current()).version(),
    render: async (url, status) => (await current()).render(url, status),
    knownVersion: () => loaded?.knownVersion?.(),
    // Asked after a render, so the real renderer is there by then.
    contentSecurityPolicy: () => loaded?.contentSecurityPolicy?.() ?? null,
  };
}
