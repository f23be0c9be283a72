import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsBody } from '../../../shared/schemas/analytics';
import { recordAnalytics } from './analytics.service';

/** POST /api/analytics (an addition to spec §7): the client's page views and events. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/analytics',
    { schema: { tags: ['analytics'], body: analyticsBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await recordAnalytics(app, request, request.body);
      return reply.status(204).send(null);
    },
  );
};
