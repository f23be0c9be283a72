import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExport,
  deleteAccountBody,
  deleteAccountResponse,
} from '../../../shared/schemas/account-data';
import { errorBody } from '../../../shared/schemas/common';
import { requireUser } from '../../plugins/auth';
import { deleteAccount, exportAccount } from './account-data.service';

const tags = ['account'];

/** GET /api/me/export and DELETE /api/me (additions to docs/product.md §7): a member's own data. */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/me/export',
    {
      schema: {
        tags,
        description: 'An addition to docs/product.md §7: the logged-in user downloads their data as JSON.',
        response: { 200: accountExport, 401: errorBody },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="forum-data-${user.id}.json"`);
      return exportAccount(deps, user);
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        tags,
        description:
          'An addition to docs/product.md §7: the logged-in user deletes their account (password again); messages stay as a deleted user unless deleteMessages.',
        body: deleteAccountBody,
        response: {
          200: deleteAccountResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => deleteAccount(deps, requireUser(request), request.body),
  );
};
