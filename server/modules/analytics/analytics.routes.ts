import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsBody } from '../../../shared/schemas/analytics';
import { enforceRateLimit } from '../rate-limit/rate-limit.service';
import { ANALYTICS_LIMIT_PER_MINUTE, recordAnalytics } from './analytics.service';

/** POST /api/analytics (one of the additions listed in docs/product.md §7): the client's page views and events. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/analytics',
    { schema: { tags: ['analytics'], body: analyticsBody, response: { 204: z.null() } } },
    async (request, reply) => {
      await enforceRateLimit(app, `analytics|ip|${request.ip}`, ANALYTICS_LIMIT_PER_MINUTE, 60_000);
      await recordAnalytics(app.deps, request.user?.id ?? null, request.body);
      return reply.status(204).send(null);
    },
  );
};
