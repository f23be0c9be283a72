import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/schemas/common';
import { type EventsQuery, eventsQuery, eventsTicketResponse } from '../../../shared/schemas/events';
import { eventHubOf, subscribe } from '../../events';
import { type Actor, can } from '../../../shared/policies';
import { actorOf } from '../../actor';
import { apiError } from '../../http-error';
import { findSessionId, findSessionUserById } from '../accounts/accounts.repository';
import { bearerToken, hashToken, requireUser } from '../../plugins/auth';
import { EventStreams, type StreamLimits, type Subscription } from './event-streams';
import { issueTicket, readTicket } from './events.tickets';
import { type ListenerOptions, PostgresEventListener } from './pg-listener';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live-update streams of this process, and on PostgreSQL the LISTEN connection. */
    liveEvents: { streams: EventStreams; listener: PostgresEventListener | null };
  }
}

export interface EventsPluginOptions {
  /** Overrides for tests; the process limits come from the configuration. */
  limits?: Partial<StreamLimits>;
  listener?: Pick<ListenerOptions, 'heartbeatMs' | 'heartbeatTimeoutMs' | 'minBackoffMs' | 'maxBackoffMs'>;
}

const tags = ['events'];

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform: a compressing proxy would hold events back to fill its buffer.
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
  Connection: 'keep-alive',
};

/**
 * Live updates (one of the additions listed in docs/product.md §7): GET /api/events streams server-sent events about what the
 * page shows, POST /api/events/ticket lets a logged-in client open admin and personal channels.
 * Starts the PostgreSQL listener on PostgreSQL; ends every stream when the app closes.
 */
export const eventsPlugin = fp<EventsPluginOptions>(async (baseApp: FastifyInstance, options) => {
  const app = baseApp.withTypeProvider<ZodTypeProvider>();
  const streams = new EventStreams({
    max: app.config.eventStreams.max,
    perAddress: app.config.eventStreams.perAddress,
    ...options.limits,
  });
  const hub = eventHubOf(app.db);
  hub.reportErrorsTo((error) => app.log.error({ err: error }, 'an event subscriber failed'));
  const database = app.config.database;
  const listener =
    database.kind === 'postgres'
      ? new PostgresEventListener({ connectionString: database.url, hub, log: app.log, ...options.listener })
      : null;
  const unsubscribe = subscribe(app.db, (message) => streams.handle(message));
  await listener?.start();
  app.decorate('liveEvents', { streams, listener });

  // Before the server stops accepting: open streams would otherwise keep close() waiting forever.
  app.addHook('preClose', async () => {
    streams.closeAll();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await listener?.stop();
  });

  app.post(
    '/api/events/ticket',
    {
      schema: {
        tags,
        description:
          'A short-lived ticket for GET /api/events?ticket=…, which EventSource opens without an Authorization header. Needed for the report queue (admins) and the user’s own notifications.',
        response: { 200: eventsTicketResponse, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const now = app.clock.now();
      const token = bearerToken(request);
      const session = token ? await findSessionId(app.db, hashToken(token), now) : undefined;
      if (!session) throw apiError('unauthorized');
      return issueTicket(app.config.secretKey, { sessionId: session.id, userId: user.id }, now);
    },
  );

  app.get(
    '/api/events',
    {
      schema: {
        tags,
        description: [
          'Server-sent events (text/event-stream) about what the page shows; at least one subscription.',
          'Events are named after their `type` (topic.created, topic.deleted, topic.updated, topic.moved, message.created, message.updated, message.deleted, message.liked, report.created, report.closed, notification.created) with JSON data of ids only: refetch what changed.',
          '`resync` means events may have been missed (a lost server connection, or Last-Event-ID older than the replay window or from another instance): refetch everything shown.',
          'Resume with the Last-Event-ID header (EventSource does it) or ?lastEventId=. A comment line every 25 s keeps proxies open; the stream ends on logout and on shutdown with a retry: delay.',
          '429 when too many streams are open in the process or from one address.',
        ].join('\n\n'),
        querystring: eventsQuery,
        produces: ['text/event-stream'],
        response: {
          200: z.unknown().describe('the event stream: `id:`, `event:` and `data:` lines, `:` heartbeats'),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => openStream(app, streams, request, reply, request.query),
  );
});

async function openStream(
  app: FastifyInstance,
  streams: EventStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  query: EventsQuery,
): Promise<void> {
  let sessionId: number | null = null;
  let userId: number | null = null;
  let actor: Actor = null;
  if (query.ticket !== undefined) {
    const now = app.clock.now();
    const claims = readTicket(app.config.secretKey, query.ticket, now);
    const user = claims && (await findSessionUserById(app.db, claims.sessionId, claims.userId, now));
    if (!claims || !user) throw apiError('event_ticket_invalid');
    sessionId = claims.sessionId;
    userId = user.id;
    actor = actorOf(user);
  }
  if ((query.reports || query.notifications) && userId === null) throw apiError('event_ticket_needed');
  if (query.reports && !can.moderateReports(actor)) throw apiError('event_reports_admins_only');
  if (streams.admit(request.ip) !== 'ok') throw apiError('too_many_streams');

  const subscription: Subscription = {
    topics: new Set(query.topic ?? []),
    forums: new Set(query.forum ?? []),
    home: query.home === true,
    reports: query.reports === true,
    notificationsFor: query.notifications ? userId : null,
  };
  const header = request.headers['last-event-id'];
  const lastEventId = (typeof header === 'string' ? header : undefined) ?? query.lastEventId;

  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, STREAM_HEADERS);
  response.socket?.setNoDelay(true);
  response.socket?.setTimeout(0);
  const close = streams.open(response, {
    address: request.ip,
    subscription,
    sessionId,
    lastEventId: lastEventId?.slice(0, 100),
  });
  response.on('close', close);
}
