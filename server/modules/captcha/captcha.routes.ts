import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallenge } from '../../../shared/schemas/accounts';
import { issueChallenge } from './captcha.service';

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captcha',
    { schema: { tags: ['accounts'], response: { 200: captchaChallenge } } },
    async (_request, reply) => {
      // Each challenge is single-use: a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      const challenge = await issueChallenge(app.deps);
      return { parameters: { ...challenge.parameters }, signature: challenge.signature };
    },
  );
};
