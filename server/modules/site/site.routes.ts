import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteResponse } from '../../../shared/schemas/site';

/**
 * The site's name from SITE_NAME. The client reads it from here rather than from index.html, which
 * the service worker precaches, so a change of name shows on the next load.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    { schema: { tags: ['site'], response: { 200: siteResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { siteName: app.config.siteName };
    },
  );
};
