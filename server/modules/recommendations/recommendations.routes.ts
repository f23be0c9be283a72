import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/schemas/common';
import { recommendationsResponse } from '../../../shared/schemas/recommendations';
import { recommendTopics } from './recommendations.service';

export const recommendationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/recommendations/:id',
    {
      schema: {
        tags: ['topics'],
        description:
          'Open to guests: up to 5 other topics, related by subject words (same forum first), then the newest. hasMorePosts is always false.',
        params: z.object({ id: idParam }),
        response: { 200: recommendationsResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => recommendTopics(app.deps, request.params.id),
  );
};
