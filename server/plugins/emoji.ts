import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { apiError } from '../http-error';
import { twemojiFileForCode } from '../twemoji';

/**
 * Serves Twemoji images straight from the package, cached for a year: the 14 emoji of the writer
 * and the forums' icons, drawn the same on every device (a phone or desktop may lack an emoji font).
 * Which of them a message may show is the sanitiser's business, not this route's.
 */
export async function emojiRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(
    '/emoji/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      const svgFile = file.endsWith('.svg') ? twemojiFileForCode(file.slice(0, -'.svg'.length)) : null;
      if (!svgFile) throw apiError('not_found');
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(await readFile(svgFile));
    },
  );
}
