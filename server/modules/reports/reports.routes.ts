import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../shared/schemas/common';
import { messageReport, messageReportsResponse, newReportBody } from '../../../shared/schemas/reports';
import { enforceActionLimits } from '../rate-limit/rate-limit.service';
import { actorOf } from '../../actor';
import { assertMayModerate, closeReport, createReport, listReports } from './reports.service';

const tags = ['reports'];

// Before validation, so a guest or a user hears about the permission, not about the id.
const moderatorsOnly = async (request: FastifyRequest) => {
  assertMayModerate(actorOf(request.user));
};
const moderatorErrors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** docs/product.md §7: message reports. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/messageReport',
    {
      schema: {
        tags,
        description:
          'Reports a message (guests too, with a solved captcha). The server sets the id, the time and isOpen; answers the stored report.',
        body: newReportBody,
        response: { 200: messageReport, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      await enforceActionLimits(app, request, 'report', request.body.report.email);
      return createReport(app.deps, actorOf(request.user), request.body);
    },
  );

  app.get(
    '/messageReport',
    {
      schema: {
        tags,
        description: 'Admins: the newest page of open reports.',
        response: { 200: messageReportsResponse, ...moderatorErrors },
      },
      preValidation: moderatorsOnly,
    },
    async (request) => listReports(app.deps, actorOf(request.user)),
  );

  app.get(
    '/messageReport/more/:lastReportId',
    {
      schema: {
        tags,
        description: 'Admins: the page of open reports older than lastReportId.',
        params: z.object({ lastReportId: idParam }),
        response: { 200: messageReportsResponse, ...moderatorErrors },
      },
      preValidation: moderatorsOnly,
    },
    async (request) => listReports(app.deps, actorOf(request.user), request.params.lastReportId),
  );

  app.delete(
    '/messageReport/:id',
    {
      schema: {
        tags,
        description: 'Admins: closes a report (isOpen false; it leaves the queue); answers the report.',
        params: z.object({ id: idParam }),
        response: { 200: messageReport, 404: errorBody, ...moderatorErrors },
      },
      preValidation: moderatorsOnly,
    },
    async (request) => closeReport(app.deps, actorOf(request.user), request.params.id),
  );
};
