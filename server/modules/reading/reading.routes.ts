import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cursorParam, errorBody } from '../../../shared/schemas/common';
import { postsResponse } from '../../../shared/schemas/topics';
import { readAllResponse, readingTopicsQuery, readingTopicsResponse } from '../../../shared/schemas/reading';
import { requireUser } from '../../plugins/auth';
import * as reading from './reading.service';

const errors = { 400: errorBody, 401: errorBody, 429: errorBody };

/**
 * Where a member stopped reading (an addition to docs/product.md §7). The place moves with
 * POST /api/notifications/read, which the topic page sends for the messages on screen.
 */
export const readingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reading/topics',
    {
      schema: {
        tags: ['reading'],
        description:
          "Of the listed topics (comma-separated ids, at most 100), those the member opened before that have others' messages since: how many (up to 100) and the first.",
        querystring: readingTopicsQuery,
        response: { 200: readingTopicsResponse, ...errors },
      },
    },
    async (request) => reading.unreadTopics(app.db, requireUser(request), request.query.ids),
  );

  app.get(
    '/reading/unread',
    {
      schema: {
        tags: ['reading'],
        description:
          "The topics the member opened that have others' messages since, newest activity first, 7 a page: `{posts, hasMorePosts, users}`.",
        response: { 200: postsResponse, ...errors },
      },
    },
    async (request) => reading.unreadPosts(app.db, requireUser(request)),
  );

  app.get(
    '/reading/unread/more/:timestamp',
    {
      schema: {
        tags: ['reading'],
        description: 'The next 7, older in activity than the given timestamp.',
        params: z.object({ timestamp: cursorParam }),
        response: { 200: postsResponse, ...errors },
      },
    },
    async (request) => reading.unreadPosts(app.db, requireUser(request), request.params.timestamp),
  );

  app.post(
    '/reading/read-all',
    {
      schema: {
        tags: ['reading'],
        description:
          "Every topic the member opened counts as read up to its newest message (the unread list's 'mark all read'); answers how many moved.",
        response: { 200: readAllResponse, ...errors },
      },
    },
    async (request) => ({ markedTopics: await reading.markAllRead(app.db, requireUser(request)) }),
  );
};
