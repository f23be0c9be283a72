import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/schemas/common';
import { moderationLogResponse } from '../../../shared/schemas/moderation-log';
import { actorOf } from '../../actor';
import { assertMayReadModerationLog, listModerationLog } from './moderation-log.service';

const tags = ['moderation-log'];

// Before validation, so a guest or a user hears about the permission, not about the id.
const adminsOnly = async (request: FastifyRequest) => {
  assertMayReadModerationLog(actorOf(request.user));
};
const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The moderation log (addition): every admin action, newest first. */
export const moderationLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/moderation-log',
    {
      schema: {
        tags,
        description:
          'Addition. Admins (401 for a guest, 403 for a user): the newest 7 entries of the moderation log — who did what and when, the subject or message HTML before the change (a deleted message’s last text), the admins’ and members’ usernames, and the topic’s subject and link while it exists.',
        response: { 200: moderationLogResponse, ...adminErrors },
      },
      preValidation: adminsOnly,
    },
    async (request) => listModerationLog(app.deps, actorOf(request.user)),
  );

  app.get(
    '/moderation-log/more/:lastId',
    {
      schema: {
        tags,
        description:
          'Addition. Admins: the 7 entries of the moderation log older than lastId (a keyset on the entry id).',
        params: z.object({ lastId: idParam }),
        response: { 200: moderationLogResponse, ...adminErrors },
      },
      preValidation: adminsOnly,
    },
    async (request) => listModerationLog(app.deps, actorOf(request.user), request.params.lastId),
  );
};
