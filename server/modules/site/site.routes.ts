import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteResponse } from '../../../shared/schemas/site';

/**
 * The site's settings: the environment's defaults (SITE_NAME…) overlaid with what admins stored,
 * at most a few seconds old on any instance (site-settings.service.ts). The client reads it from here rather than from index.html, which
 * the service worker precaches, so a change of name shows on the next load.
 */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    { schema: { tags: ['site'], response: { 200: siteResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.siteSettings.get();
    },
  );
};
