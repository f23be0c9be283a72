import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/schemas/common';
import { searchMoreParams, searchParams } from '../../../shared/schemas/search';
import { postsResponse } from '../../../shared/schemas/topics';
import { actorOf } from '../../actor';
import { assertMaySearch, searchPosts } from './search.service';

const responses = { 200: postsResponse, 400: errorBody, 401: errorBody };

// Before validation, so a guest hears "log in" rather than a complaint about the query.
const loginFirst = async (request: FastifyRequest) => {
  assertMaySearch(actorOf(request.user));
};

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/:query',
    { schema: { tags: ['search'], params: searchParams, response: responses }, preValidation: loginFirst },
    async (request) => searchPosts(app.deps, actorOf(request.user), request.params.query, null),
  );
  app.get(
    '/search/:query/more/:timestamp',
    {
      schema: { tags: ['search'], params: searchMoreParams, response: responses },
      preValidation: loginFirst,
    },
    async (request) =>
      searchPosts(app.deps, actorOf(request.user), request.params.query, request.params.timestamp),
  );
};
