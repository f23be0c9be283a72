import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/common';
import { siteResponse, siteSettingsBody } from '../../../shared/schemas/site';
import { actorOf } from '../../actor';
import { allowSiteSettings, defaultSiteSettings, SiteSettingsStore } from './site-settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site settings as this instance sees them (at most a few seconds old). */
    siteSettings: SiteSettingsStore;
  }
}

/** Decorates the app with its settings store; registered before the routes that read it. */
export const siteSettingsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('siteSettings', new SiteSettingsStore(app.db, defaultSiteSettings(app.config)));
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
