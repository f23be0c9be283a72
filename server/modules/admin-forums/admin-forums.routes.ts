import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminForumsResponse,
  forumInput,
  forumMergeBody,
  forumMergeResponse,
  forumOrderBody,
  forumUpdate,
} from '../../../shared/schemas/admin-forums';
import { okResponse } from '../../../shared/schemas/accounts';
import { errorBody, idParam } from '../../../shared/schemas/common';
import { forum, forumsResponse } from '../../../shared/schemas/forums';
import { actorOf } from '../../actor';
import {
  addForum,
  changeForum,
  listAdminForums,
  mergeForum,
  removeForum,
  reorderForums,
} from './admin-forums.service';

const tags = ['admin'];
const ADDITION = 'An addition to docs/product.md §7 (admins run the forums); admins only.';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const params = z.object({ id: idParam });

/** /api/admin/forums…: create, rename, re-icon, describe, reorder, merge and delete forums. */
export const adminForumsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/admin/forums',
    { schema: { tags, description: ADDITION, response: { 200: adminForumsResponse, ...errors } } },
    async (request) => listAdminForums(deps, actorOf(request.user)),
  );

  app.post(
    '/admin/forums',
    { schema: { tags, description: ADDITION, body: forumInput, response: { 201: forum, ...errors } } },
    async (request, reply) => {
      reply.status(201);
      return addForum(deps, actorOf(request.user), request.body);
    },
  );

  app.put(
    '/admin/forums/order',
    {
      schema: {
        tags,
        description: ADDITION,
        body: forumOrderBody,
        response: { 200: forumsResponse, ...errors },
      },
    },
    async (request) => {
      await reorderForums(deps, actorOf(request.user), request.body.ids);
      return (await listAdminForums(deps, actorOf(request.user))).map(({ topics: _topics, ...rest }) => rest);
    },
  );

  app.put(
    '/admin/forums/:id',
    {
      schema: { tags, description: ADDITION, params, body: forumUpdate, response: { 200: forum, ...errors } },
    },
    async (request) => changeForum(deps, actorOf(request.user), request.params.id, request.body),
  );

  app.post(
    '/admin/forums/:id/merge',
    {
      schema: {
        tags,
        description: `${ADDITION} Moves every topic into \`into\` and deletes the forum, in one transaction.`,
        params,
        body: forumMergeBody,
        response: { 200: forumMergeResponse, ...errors },
      },
    },
    async (request) => mergeForum(deps, actorOf(request.user), request.params.id, request.body.into),
  );

  app.delete(
    '/admin/forums/:id',
    {
      schema: {
        tags,
        description: `${ADDITION} Only an empty forum (409 forum_not_empty otherwise).`,
        params,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await removeForum(deps, actorOf(request.user), request.params.id);
      return { ok: true as const };
    },
  );
};
