import { existsSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { newInstanceId, startMailQueue } from './modules/notifications/mail-queue';
import { notificationsRoutes, unsubscribeRoutes } from './modules/notifications/notifications.routes';
import { topicsRoutes } from './modules/topics/topics.routes';
import { mergeEquivalentPaths } from './openapi';
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
  /** Runs the notification mail queue (main.ts); off unless asked, so tests drive it by hand. */
  mailQueue?: boolean;
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
    transformObject: mergeEquivalentPaths,
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
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(unsubscribeRoutes);
  await app.register(emojiRoutes);
  if (deps.mailQueue) {
    let queue: { stop(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      queue = startMailQueue({
        db: app.db,
        clock: app.clock,
        mailer: app.mailer,
        config: app.config,
        log: app.log,
        instanceId: newInstanceId(),
      });
    });
    app.addHook('onClose', async () => queue?.stop());
  }

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const clientDir = deps.clientDir ?? path.resolve('dist/client');
  await app.register(clientPlugin, { clientDir: existsSync(clientDir) ? clientDir : null });
  return app;
}
