import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/common';
import { siteResponse, siteSettingsBody } from '../../../shared/schemas/site';
import { actorOf } from '../../actor';
import { subscribe } from '../../events';
import { allowSiteSettings, defaultSiteSettings, SiteSettingsStore } from './site-settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site settings as this instance sees them (a change on any instance drops its copy). */
    siteSettings: SiteSettingsStore;
  }
}

/**
 * Decorates the app with its settings store, registered before the routes that read it, and drops
 * its copy on a change made on any instance (or when events may have been missed).
 */
export const siteSettingsPlugin = fp(async (app: FastifyInstance) => {
  const store = new SiteSettingsStore(app.db, defaultSiteSettings(app.config));
  app.decorate('siteSettings', store);
  const stop = subscribe(app.db, (message) => {
    if (message.kind === 'resync' || message.event.type === 'site.changed') store.invalidate();
  });
  app.addHook('onClose', async () => stop());
});

/** GET and PUT /api/admin/site (one of the additions listed in docs/product.md §7): the settings screen of the admins. */
export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const description = 'An addition to docs/product.md §7 (site settings kept in the database); admins only.';
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
  app.get(
    '/admin/site',
    { schema: { tags: ['admin'], description, response: { 200: siteResponse, ...errors } } },
    async (request, reply) => {
      allowSiteSettings(actorOf(request.user));
      reply.header('cache-control', 'no-store');
      return app.siteSettings.get();
    },
  );
  app.put(
    '/admin/site',
    {
      schema: {
        tags: ['admin'],
        description,
        body: siteSettingsBody,
        response: { 200: siteResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.siteSettings.update(actorOf(request.user), request.body, app.clock.now());
    },
  );
};
