import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/common';
import { readingTopicsQuery, readingTopicsResponse } from '../../../shared/schemas/reading';
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
};
