import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
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
    const entry = options.serverEntry === undefined ? await loadServerEntry(clientDir) : options.serverEntry;
    renderer = entry
      ? serverRenderer({
          clientDir,
          entry,
          sources: { deps: app.deps, siteSettings: app.siteSettings },
          publicUrl: app.config.publicUrl,
          log: app.log,
          contentSecurityPolicy: (styleSources) =>
            pageContentSecurityPolicy(app.config.publicUrl.startsWith('https:'), styleSources),
        })
      : shellRenderer(clientDir);
  }
  const cache = app.hasDecorator('guestCache') ? app.guestCache : null;
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
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      sendPage(request, reply, { renderer: home, status: 200, cache }),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || !renderer || !['GET', 'HEAD'].includes(request.method)) {
      throw apiError('not_found');
    }
    const status = isClientRoute(request.url.split('?')[0] ?? '/') ? 200 : 404;
    return sendPage(request, reply, { renderer, status, cache });
  });
}
