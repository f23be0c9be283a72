import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/schemas/common';
import {
  adminRoleBody,
  deletedMessagesResponse,
  member,
  memberSearchQuery,
  memberSearchResponse,
  suspendBody,
} from '../../../shared/schemas/members';
import { actorOf } from '../../actor';
import { requireUser } from '../../plugins/auth';
import {
  deleteSuspendedMembersMessages,
  getMember,
  searchMembers,
  setMemberAdmin,
  suspendMember,
  unsuspendMember,
} from './members.service';

const tags = ['admin'];
const ADDITION = 'An addition to docs/product.md §7 (admins manage members); admins only.';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const params = z.object({ id: idParam });

/** /api/admin/users…: find members, suspend them or lift it, delete their messages, grant admin. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        description: `${ADDITION} Name or email contains q; 7 per page by name; pass \`next\` as \`after\`.`,
        querystring: memberSearchQuery,
        response: { 200: memberSearchResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return searchMembers(deps, actorOf(request.user), request.query);
    },
  );

  app.get(
    '/admin/users/:id',
    { schema: { tags, description: ADDITION, params, response: { 200: member, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return getMember(deps, actorOf(request.user), request.params.id);
    },
  );

  app.post(
    '/admin/users/:id/suspension',
    {
      schema: {
        tags,
        description: `${ADDITION} Ends the member's sessions at once; until null suspends for good.`,
        params,
        body: suspendBody,
        response: { 200: member, ...errors },
      },
    },
    async (request) => suspendMember(deps, actorOf(request.user), request.params.id, request.body),
  );

  app.delete(
    '/admin/users/:id/suspension',
    { schema: { tags, description: ADDITION, params, response: { 200: member, ...errors } } },
    async (request) => unsuspendMember(deps, actorOf(request.user), request.params.id),
  );

  app.post(
    '/admin/users/:id/delete-messages',
    {
      schema: {
        tags,
        description: `${ADDITION} Only for a suspended member: their topics and replies, each deleted as an admin would.`,
        params,
        response: { 200: deletedMessagesResponse, ...errors },
      },
    },
    async (request) => deleteSuspendedMembersMessages(deps, requireUser(request), request.params.id),
  );

  app.put(
    '/admin/users/:id/admin',
    {
      schema: {
        tags,
        description: `${ADDITION} 409 last_admin when it would leave the site without an admin.`,
        params,
        body: adminRoleBody,
        response: { 200: member, ...errors },
      },
    },
    async (request) => setMemberAdmin(deps, actorOf(request.user), request.params.id, request.body.isAdmin),
  );
};
