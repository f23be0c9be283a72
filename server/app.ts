import { existsSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ERRORS } from '../shared/errors';
import type { ServerEntry } from '../shared/server-render';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { accountDataRoutes } from './modules/account-data/account-data.routes';
import type { Deps } from './deps';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { adminForumsRoutes } from './modules/admin-forums/admin-forums.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { avatarsRoutes } from './modules/avatars/avatars.routes';
import { captchaRoutes } from './modules/captcha/captcha.routes';
import { type EventsPluginOptions, eventsPlugin } from './modules/events/events.routes';
import { forumsRoutes } from './modules/forums/forums.routes';
import { membersRoutes } from './modules/members/members.routes';
import { moderationLogRoutes } from './modules/moderation-log/moderation-log.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { searchRoutes } from './modules/search/search.routes';
import { siteRoutes } from './modules/site/site.routes';
import { siteSettingsPlugin, siteSettingsRoutes } from './modules/site-settings/site-settings.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { newInstanceId, startMailQueue } from './modules/notifications/mail-queue';
import type { PeriodicTask } from './periodic-task';
import { notificationsRoutes, unsubscribeRoutes } from './modules/notifications/notifications.routes';
import { readingRoutes } from './modules/reading/reading.routes';
import { topicsRoutes } from './modules/topics/topics.routes';
import { mergeEquivalentPaths, withDefaultErrorResponse } from './openapi';
import { guestCachePlugin } from './guest-cache/guest-cache.plugin';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { compressionPlugin } from './plugins/compression';
import { authPlugin } from './plugins/auth';
import { clientPlugin } from './plugins/client';
import { emojiRoutes } from './plugins/emoji';
import { errorHandlerPlugin } from './plugins/error-handler';
import { mailPlugin } from './plugins/mail';
import { securityPlugin } from './plugins/security';
import { serializerCompiler } from './serializer';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    clock: Clock;
    /** The plain dependencies routes hand to services (server/deps.ts). */
    deps: Deps;
  }
}

export interface AppDependencies {
  config: Config;
  db: Kysely<Database>;
  clock?: Clock;
  /** Folder of the built client; not served when absent (API-only tests). */
  clientDir?: string;
  logger?: boolean;
  /** Live-update stream limits and listener timings, for tests. */
  events?: EventsPluginOptions;
  /**
   * The server-render bundle (client/entry-server.tsx); by default the build's, beside the client
   * folder. `null` serves the app shell for every page.
   */
  serverEntry?: ServerEntry | null;
  /** Guest-cache hits answered before Fastify (default); `false` to compare with Fastify's answer. */
  guestCacheFrontDoor?: boolean;
  /** Told of each hit answered before Fastify (tests). */
  onFrontDoorHit?: () => void;
  /** Runs the notification mail queue (main.ts); off unless asked, so tests drive it by hand. */
  mailQueue?: boolean;
}

/** Largest request body: a 10,000-character message of Hebrew markup with JSON escaping fits. */
export const BODY_LIMIT_BYTES = 128 * 1024;

/** Builds the whole server without listening: tests inject requests into it, main.ts listens. */
export async function buildApp(options: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: options.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A path that is not valid percent-encoded UTF-8 (e.g. a lone surrogate) is refused before
    // routing, outside the error handler: answer it in the same shape.
    frameworkErrors: (_error, _request, reply) =>
      (reply as FastifyReply).status(400).send({ error: 'bad_url', message: ERRORS.bad_url.message }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('config', options.config);
  app.decorate('clock', options.clock ?? systemClock);

  await app.register(errorHandlerPlugin);
  await app.register(swagger, {
    openapi: { info: { title: `${options.config.siteName} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
    transformObject: (document) => withDefaultErrorResponse(mergeEquivalentPaths(document)),
  });
  await app.register(securityPlugin);
  await app.register(guestCachePlugin, {
    maxBytes: options.config.guestCacheBytes,
    frontDoor: options.guestCacheFrontDoor,
    onFrontDoorHit: options.onFrontDoorHit,
  });
  await app.register(compressionPlugin);
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(siteSettingsPlugin);
  app.decorate('deps', {
    db: app.db,
    clock: app.clock,
    config: app.config,
    mailer: app.mailer,
    log: app.log,
    site: app.siteSettings,
  });

  const apiRoutes = [
    siteRoutes,
    forumsRoutes,
    analyticsRoutes,
    topicsRoutes,
    messagesRoutes,
    captchaRoutes,
    accountsRoutes,
    searchRoutes,
    reportsRoutes,
    recommendationsRoutes,
    imagesRoutes,
    avatarsRoutes,
    adminForumsRoutes,
    siteSettingsRoutes,
    membersRoutes,
    accountDataRoutes,
    notificationsRoutes,
    readingRoutes,
    moderationLogRoutes,
  ];
  for (const routes of apiRoutes) await app.register(routes, { prefix: '/api' });
  await app.register(eventsPlugin, options.events ?? {});
  await app.register(unsubscribeRoutes);
  await app.register(emojiRoutes);
  await app.register(feedsRoutes);
  if (options.mailQueue) {
    let queue: PeriodicTask | undefined;
    app.addHook('onReady', async () => {
      queue = startMailQueue({ ...app.deps, instanceId: newInstanceId() });
    });
    app.addHook('onClose', async () => queue?.stop());
  }

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const clientDir = options.clientDir ?? path.resolve('dist/client');
  await app.register(clientPlugin, {
    clientDir: existsSync(clientDir) ? clientDir : null,
    serverEntry: options.serverEntry,
  });
  return app;
}
