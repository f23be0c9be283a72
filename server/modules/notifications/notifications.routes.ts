import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/schemas/common';
import {
  markReadBody,
  mentionLookupQuery,
  mentionLookupResponse,
  notificationPreferences,
  notificationsResponse,
  topicAtResponse,
  unreadCountResponse,
} from '../../../shared/schemas/notifications';
import { requireUser } from '../../plugins/auth';
import { enforceRateLimit } from '../rate-limit/rate-limit.service';
import { apiError } from '../../http-error';
import { CATEGORY_NAMES } from './notifications.mails';
import * as notifications from './notifications.service';
import * as reading from '../reading/reading.service';
import { getTopicAt } from './topic-at';
import { openUnsubscribe } from './unsubscribe';
import { escapeHtml } from '../../../shared/escape-html';

const tags = ['notifications'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody };

/** Typing an @ asks at most this often per user (the writer debounces; this stops scraping). */
export const MENTION_LOOKUP_LIMIT = { limit: 60, windowMs: 60_000 };

/** The notification calls (additions to docs/product.md §7): each user reads and marks only their own. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        description: "The logged-in user's notifications, 7 newest first, with the unread count.",
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request) => notifications.listNotifications(app.db, requireUser(request)),
  );

  app.get(
    '/notifications/more/:lastNotificationId',
    {
      schema: {
        tags,
        description: 'The 7 notifications older than the given one.',
        params: z.object({ lastNotificationId: idParam }),
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request) =>
      notifications.listNotifications(app.db, requireUser(request), request.params.lastNotificationId),
  );

  app.get(
    '/notifications/unread-count',
    { schema: { tags, response: { 200: unreadCountResponse, ...errors } } },
    async (request) => ({ unreadCount: await notifications.unreadCount(app.db, requireUser(request)) }),
  );

  app.post(
    '/notifications/read-all',
    { schema: { tags, response: { 200: unreadCountResponse, ...errors } } },
    async (request) => ({ unreadCount: await notifications.readAll(app, requireUser(request)) }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        description:
          'The user is reading these messages of a topic: their notifications, and those of the topic itself, become read, and their place in the topic moves up to the newest of them (GET /api/reading/topics).',
        body: markReadBody,
        response: { 200: unreadCountResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await reading.recordReading(app.db, user, request.body);
      return { unreadCount: await notifications.readInTopic(app, user, request.body) };
    },
  );

  app.get(
    '/edit-profile/notifications',
    { schema: { tags, response: { 200: notificationPreferences, ...errors } } },
    async (request) => notifications.getPreferences(app.db, requireUser(request)),
  );

  app.put(
    '/edit-profile/notifications',
    {
      schema: {
        tags,
        description: 'Mail per category: immediate, digest (daily) or never.',
        body: notificationPreferences,
        response: { 200: notificationPreferences, ...errors },
      },
    },
    async (request) => notifications.setPreferences(app, requireUser(request), request.body),
  );

  app.get(
    '/users/mention-lookup',
    {
      schema: {
        tags,
        description:
          'Active users whose username starts with the prefix (at least 2 letters), for @mentions.',
        querystring: mentionLookupQuery,
        response: { 200: mentionLookupResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforceRateLimit(
        app,
        `mentionLookup|user|${user.id}`,
        MENTION_LOOKUP_LIMIT.limit,
        MENTION_LOOKUP_LIMIT.windowMs,
      );
      return notifications.lookupMentions(app.db, request.query.prefix);
    },
  );

  app.get(
    '/topic/:topicId/at/:messageId',
    {
      schema: {
        tags: ['topics'],
        description:
          'The topic answer opened at a message: the page of replies holding it, hasMoreMessages for older ones, hasNewerMessages for newer ones.',
        params: z.object({ topicId: idParam, messageId: idParam }),
        response: { 200: topicAtResponse, 404: errorBody },
      },
    },
    async (request) => getTopicAt(app.db, request.params.topicId, request.params.messageId),
  );
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;text-align:right">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

/**
 * The unsubscribe link of the notification mails, outside /api/ (it is opened from a mail, with no
 * page and no forgery token): GET shows a button, POST unsubscribes. The POST is also the RFC 8058
 * one-click call (`List-Unsubscribe=One-Click`, form-encoded) mail providers make. The signed value
 * is the authority, so no login is needed; a GET never changes anything, as link scanners open links.
 */
export const unsubscribeRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  const open = (token: string) => {
    const opened = openUnsubscribe(app.config.secretKey, token);
    if (!opened) throw apiError('unsubscribe_link_invalid');
    return opened;
  };
  const schema = { hide: true, params: z.object({ token: z.string().max(200) }) };

  app.get<{ Params: { token: string } }>('/mail/unsubscribe/:token', { schema }, async (request, reply) => {
    const { scope } = open(request.params.token);
    const action = `/mail/unsubscribe/${encodeURIComponent(request.params.token)}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          'הסרה מרשימת הדיוור',
          `<p>להפסיק לשלוח לך מיילים על ${escapeHtml(CATEGORY_NAMES[scope])}?</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">הסרה</button></form>`,
        ),
      );
  });

  app.post<{ Params: { token: string } }>('/mail/unsubscribe/:token', { schema }, async (request, reply) => {
    const { userId, scope } = open(request.params.token);
    await notifications.unsubscribe(app, userId, scope);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          'הוסרת מרשימת הדיוור',
          `<p>לא יישלחו אליך עוד מיילים על ${escapeHtml(CATEGORY_NAMES[scope])}. אפשר לשנות זאת בכל עת בעריכת הפרופיל.</p>`,
        ),
      );
  });
};
