import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../../shared/client-routes';
import { apiError } from '../http-error';

export const NOT_FOUND_PAGE = '/page/not-found';

/**
 * Serves the built client: hashed assets with long caching, and index.html for every page path so
 * the single-page app can route it. Paths that are no route of spec §2, and `/page/not-found`
 * itself, get the same page with a real 404 (the app then shows "not found").
 */
export async function clientPlugin(app: FastifyInstance, options: { clientDir: string | null }) {
  const { clientDir } = options;
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // Looked up per request rather than listed at start: a rebuilt client is served without a restart.
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // Vite names files under assets/ by their content hash, so they never change.
        const immutable = filePath.includes('/assets/');
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static handler refuses a directory (403) without an index, so the home page is routed here.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || !clientDir || !['GET', 'HEAD'].includes(request.method)) {
      throw apiError('not_found');
    }
    const status = isClientRoute(request.url.split('?')[0] ?? '/') ? 200 : 404;
    return reply.status(status).header('cache-control', 'no-cache').sendFile('index.html');
  });
}
