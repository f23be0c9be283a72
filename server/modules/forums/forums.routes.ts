import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forumsResponse } from '../../../shared/schemas/forums';
import { listForums } from './forums.repository';

export const forumsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/forums', { schema: { tags: ['forums'], response: { 200: forumsResponse } } }, async () =>
    listForums(app.db),
  );
};
