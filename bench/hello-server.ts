import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

/**
 * The ceiling of the machine: a bare Fastify route answering a small JSON body, with no plugins,
 * no database and no logging. Each endpoint's throughput is reported as a share of this one's.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

/**
 * The same bare route answering `size` bytes: the ceiling for an answer of that size, which the
 * bench sets beside each answer served from the guest cache. Random bytes, as incompressible as
 * the cache's compressed bodies; made once per size.
 */
const MAX_BODY_BYTES = 1024 * 1024;
const bodies = new Map<number, Buffer>();
app.get<{ Params: { size: string } }>('/bytes/:size', async (request, reply) => {
  const size = Number(request.params.size);
  if (!Number.isInteger(size) || size < 0 || size > MAX_BODY_BYTES) return reply.code(400).send();
  let body = bodies.get(size);
  if (!body) {
    body = randomBytes(size);
    bodies.set(size, body);
  }
  return reply.type('application/octet-stream').send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 3191), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
