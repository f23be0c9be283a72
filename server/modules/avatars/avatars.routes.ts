import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, textParam } from '../../../shared/schemas/common';
import { apiError } from '../../http-error';
import { findAvatarOwner } from './avatars.repository';
import { renderAvatar } from './avatars.service';

/**
 * An SVG opened directly is a document that could run script: this policy lets it draw its own
 * inline styles and nothing else, and sandbox stops any script even if a style ever slipped one in.
 */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export const avatarsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/avatars/:file',
    {
      schema: {
        tags: ['users'],
        description:
          "A user's generated avatar (SVG). The URL from the user's `avatar` field changes with the username, so it is cached for a year.",
        params: z.object({ file: textParam }),
        produces: ['image/svg+xml'],
        response: { 200: z.string().describe('the SVG document'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const match = /^([1-9]\d{0,14})\.svg$/.exec(request.params.file);
      const user = match?.[1] ? await findAvatarOwner(app.db, Number(match[1])) : undefined;
      if (!user) throw apiError('user_not_found');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', SVG_CSP)
        .send(await renderAvatar(user));
    },
  );
};
