import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isEmojiCode } from '../../shared/emoji';
import { notFound } from '../http-error';

const require = createRequire(import.meta.url);
const twemojiDir = path.dirname(require.resolve('@twemoji/svg/package.json'));

/** Serves the forum's 14 emoji images straight from the Twemoji package, cached for a year. */
export async function emojiRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(
    '/emoji/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const code = request.params.file.replace(/\.svg$/, '');
      if (!request.params.file.endsWith('.svg') || !isEmojiCode(code)) throw notFound();
      const svg = await readFile(path.join(twemojiDir, `${code}.svg`));
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(svg);
    },
  );
}
