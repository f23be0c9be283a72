import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, textParam } from '../../../shared/schemas/common';
import { IMAGE_NAME_PATTERN } from '../../../shared/image-sizes';
import { apiError } from '../../http-error';
import { findImage } from './images.repository';
import { missingMediumImage } from './topic-image.service';

/** Image names come from their content, so a name never changes what it serves. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:name',
    {
      schema: {
        tags: ['images'],
        description: 'A stored topic image (WebP), big, medium or small, cached for a year.',
        params: z.object({ name: textParam }),
        produces: ['image/webp'],
        response: { 200: z.unknown().describe('the WebP bytes'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const image = IMAGE_NAME_PATTERN.test(name)
        ? ((await findImage(app.db, name)) ?? (await missingMediumImage(app.db, name, app.clock.now())))
        : undefined;
      if (!image) throw apiError('image_not_found');
      return reply
        .header('content-type', image.content_type)
        .header('cache-control', IMMUTABLE)
        .send(Buffer.from(image.data));
    },
  );
};
