import { existsSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { avatarsRoutes } from './modules/avatars/avatars.routes';
import { captchaRoutes } from './modules/captcha/captcha.routes';
import { forumsRoutes } from './modules/forums/forums.routes';
import { mailPlugin } from './modules/mail/mail.service';
import { imagesRoutes } from './modules/images/images.routes';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { searchRoutes } from './modules/search/search.routes';
import { siteRoutes } from './modules/site/site.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { topicsRoutes } from './modules/topics/topics.routes';
import { mergeEquivalentPaths, withDefaultErrorResponse } from './openapi';
import { authPlugin } from './plugins/auth';
import { clientPlugin } from './plugins/client';
import { emojiRoutes } from './plugins/emoji';
import { errorHandlerPlugin } from './plugins/error-handler';
import { securityPlugin } from './plugins/security';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    clock: Clock;
  }
}

export interface AppDependencies {
  config: Config;
  db: Kysely<Database>;
  clock?: Clock;
  /** Folder of the built client; not served when absent (API-only tests). */
  clientDir?: string;
  logger?: boolean;
}

/** Largest request body: a 10,000-character message of Hebrew markup with JSON escaping fits. */
export const BODY_LIMIT_BYTES = 128 * 1024;

/** Builds the whole server without listening: tests inject requests into it, main.ts listens. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A path that is not valid percent-encoded UTF-8 (e.g. a lone surrogate) is refused before
    // routing, outside the error handler: answer it in the same shape.
    frameworkErrors: (_error, _request, reply) =>
      (reply as FastifyReply).status(400).send({ error: 'invalid_request', message: 'הכתובת אינה תקינה' }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.db);
  app.decorate('config', deps.config);
  app.decorate('clock', deps.clock ?? systemClock);

  await app.register(errorHandlerPlugin);
  await app.register(swagger, {
    openapi: { info: { title: `${deps.config.siteName} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
    transformObject: (document) => withDefaultErrorResponse(mergeEquivalentPaths(document)),
  });
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(mailPlugin);

  await app.register(siteRoutes, { prefix: '/api' });
  await app.register(forumsRoutes, { prefix: '/api' });
  await app.register(analyticsRoutes, { prefix: '/api' });
  await app.register(topicsRoutes, { prefix: '/api' });
  await app.register(messagesRoutes, { prefix: '/api' });
  await app.register(captchaRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(reportsRoutes, { prefix: '/api' });
  await app.register(recommendationsRoutes, { prefix: '/api' });
  await app.register(imagesRoutes, { prefix: '/api' });
  await app.register(avatarsRoutes, { prefix: '/api' });
  await app.register(emojiRoutes);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const clientDir = deps.clientDir ?? path.resolve('dist/client');
  await app.register(clientPlugin, { clientDir: existsSync(clientDir) ? clientDir : null });
  return app;
}
