import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants as zlibConstants } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES, QUICK_BROTLI_QUALITY } from '../guest-cache/guest-cache';

/**
 * Compresses dynamic answers on the fly (JSON, HTML, XML, SVG, text) for clients that ask for it:
 * brotli, else gzip, from 1 KB up. Answers that arrive already encoded pass through untouched: the
 * guest cache's (stored compressed) and the static files built with .br/.gz twins. Routes
 * registered before this plugin are not compressed, so it is registered before every route.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      globalCompression: true,
      // Request bodies stay as sent: no client compresses them, and inflating them would let a small
      // upload grow into a large one before the body limit sees it.
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD_BYTES,
      // The plugin's default types: text (but not text/event-stream, whose events must reach the
      // browser as they are written), JSON, XML and SVG, and what mime-db calls compressible.
      encodings: ['br', 'gzip'],
      // Every answer compressed here is made for one client, mostly JSON of a few KB, which the
      // plugin's default quality 4 cost more CPU than its database read (oneClientBrotliQuality).
      // Unlike the guest cache's encoder it takes one quality whatever the size: it compresses a
      // larger answer (a sitemap, the account export, the API description) as a stream, not
      // knowing its length, and a stream is better served fast.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI_QUALITY } },
    });
  },
  { name: 'compression' },
);
