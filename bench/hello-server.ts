import Fastify from 'fastify';

/**
 * The ceiling of the machine: a bare Fastify route answering a small JSON body, with no plugins,
 * no database and no logging. Each endpoint's throughput is reported as a share of this one's.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3191), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
