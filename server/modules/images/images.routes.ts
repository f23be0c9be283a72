import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, textParam } from '../../../shared/schemas/common';
import { IMAGE_NAME_PATTERN, topicImageResponse } from '../../../shared/schemas/images';
import { notFound } from '../../http-error';
import { requireUser } from '../../plugins/auth';
import { findImage } from './images.repository';
import { refreshTopicImage } from './images.service';

/** Image names come from their content, so a name never changes what it serves. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:name',
    {
      schema: {
        tags: ['images'],
        description: 'A stored topic image (WebP), big or small, cached for a year.',
        params: z.object({ name: textParam }),
        produces: ['image/webp'],
        response: { 200: z.unknown().describe('the WebP bytes'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const image = IMAGE_NAME_PATTERN.test(name) ? await findImage(app.db, name) : undefined;
      if (!image) throw notFound('התמונה לא נמצאה');
      return reply
        .header('content-type', image.content_type)
        .header('cache-control', IMMUTABLE)
        .send(Buffer.from(image.data));
    },
  );

  app.get(
    '/topic/image/:id',
    {
      schema: {
        tags: ['topics'],
        description: "Makes the topic's image again from its main message (admin).",
        params: z.object({ id: idParam }),
        response: { 200: topicImageResponse, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => refreshTopicImage(app, requireUser(request), request.params.id),
  );
};
