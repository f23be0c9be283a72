import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import type { ForumEvent } from '../../../shared/schemas/events';
import type { TopicResponse } from '../../../shared/schemas/topics';
import { publish, subscribe } from '../../events';
import { solvedCaptcha } from '../../test/captcha';
import { describeEachDatabase } from '../../test/databases';
import { listenForTests, openEventStream } from '../../test/event-stream';
import { createReply, createTopic, createUser, signIn, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';

const HEBREW = /[\u0590-\u05FF]/;
const PER_ADDRESS = 5;

describeEachDatabase(
  'live events',
  (ctx) => {
    let baseUrl: string;
    let member: TestUser;
    let admin: TestUser;
    let topicId: number;
    let replyId: number;

    beforeAll(async () => {
      baseUrl = await listenForTests(ctx.app);
      member = await createUser(ctx.db);
      admin = await createUser(ctx.db, { admin: true });
      topicId = (await createTopic(ctx.db, { userId: member.user.id, forumId: 2, now: ctx.clock.now() }))
        .topic.id;
      replyId = (await createReply(ctx.db, { topicId, userId: member.user.id, now: ctx.clock.now() })).id;
    });

    /** The bus events published while `write` runs (this instance's arrive before the write answers). */
    async function eventsOf(write: () => Promise<{ statusCode: number }>): Promise<ForumEvent[]> {
      const events: ForumEvent[] = [];
      const stop = subscribe(ctx.db, (message) => {
        // Notifications announce themselves too (the notifications suite checks those).
        if (message.kind === 'event' && message.event.type !== 'notification.created')
          events.push(message.event);
      });
      try {
        const response = await write();
        expect(response.statusCode).toBe(200);
      } finally {
        stop();
      }
      return events;
    }

    const ticketFor = async (user: TestUser) => {
      const response = await apiClient(ctx.app).post('/api/events/ticket', undefined, { token: user.token });
      expect(response.statusCode).toBe(200);
      return response.json<{ ticket: string }>().ticket;
    };

    describe('every write that changes a page publishes on the bus', () => {
      it('topic created, subject, moved, image, deleted', async () => {
        const client = apiClient(ctx.app);
        let created = 0;
        expect(
          await eventsOf(async () => {
            const response = await client.post(
              '/api/topic',
              { subject: 'נושא חי', message: '<p>שלום</p>', forumId: 3 },
              { token: member.token },
            );
            created = response.json<TopicResponse>().post.id;
            return response;
          }),
        ).toEqual([{ type: 'topic.created', topicId: created, forumId: 3 }]);
        const token = admin.token;
        expect(
          await eventsOf(() =>
            client.put('/api/topic/subject', { topicId: created, subject: 'שם חדש' }, { token }),
          ),
        ).toEqual([{ type: 'topic.updated', topicId: created, forumId: 3 }]);
        expect(
          await eventsOf(() => client.put('/api/topic/move', { topicId: created, forumId: 4 }, { token })),
        ).toEqual([{ type: 'topic.moved', topicId: created, forumId: 4, fromForumId: 3 }]);
        expect(await eventsOf(() => client.get(`/api/topic/image/${created}`, { token }))).toEqual([
          { type: 'topic.updated', topicId: created, forumId: 4 },
        ]);
        expect(await eventsOf(() => client.delete(`/api/topic/${created}`, { token }))).toEqual([
          { type: 'topic.deleted', topicId: created, forumId: 4 },
        ]);
      });

      it('message created, edited, liked, deleted', async () => {
        const client = apiClient(ctx.app);
        let id = 0;
        expect(
          await eventsOf(async () => {
            const response = await client.post(
              '/api/message',
              { topicId, content: '<p>תגובה</p>' },
              { token: member.token },
            );
            id = response.json<{ id: number }>().id;
            return response;
          }),
        ).toEqual([{ type: 'message.created', messageId: id, topicId, forumId: 2 }]);
        const token = member.token;
        expect(
          await eventsOf(() =>
            client.put('/api/message', { messageId: id, content: '<p>נערך</p>' }, { token }),
          ),
        ).toEqual([{ type: 'message.updated', messageId: id, topicId, forumId: 2 }]);
        expect(await eventsOf(() => client.get(`/api/message/like/${id}`, { token: admin.token }))).toEqual([
          { type: 'message.liked', messageId: id, topicId, forumId: 2 },
        ]);
        expect(await eventsOf(() => client.delete(`/api/message/${id}`, { token }))).toEqual([
          { type: 'message.deleted', messageId: id, topicId, forumId: 2 },
        ]);
      });

      it('report created and closed', async () => {
        const client = apiClient(ctx.app);
        let reportId = 0;
        const captcha = await solvedCaptcha(ctx.app);
        const report = {
          id: 0,
          messageId: replyId,
          content: 'הודעה פוגענית',
          email: 'a@example.test',
          isOpen: true,
        };
        expect(
          await eventsOf(async () => {
            const response = await client.post('/api/messageReport', { report, captcha });
            reportId = response.json<{ id: number }>().id;
            return response;
          }),
        ).toEqual([{ type: 'report.created', reportId, messageId: replyId }]);
        expect(
          await eventsOf(() => client.delete(`/api/messageReport/${reportId}`, { token: admin.token })),
        ).toEqual([{ type: 'report.closed', reportId, messageId: replyId }]);
        // Closing a closed report changes nothing and publishes nothing.
        expect(
          await eventsOf(() => client.delete(`/api/messageReport/${reportId}`, { token: admin.token })),
        ).toEqual([]);
      });

      it('logout revokes the session on the bus', async () => {
        const leaving = await createUser(ctx.db);
        const events = await eventsOf(() =>
          apiClient(ctx.app).post('/api/logout', undefined, { token: leaving.token }),
        );
        expect(events).toEqual([{ type: 'session.revoked', sessionId: expect.any(Number) }]);
      });

      it('publishes after the commit, and nothing when the transaction rolls back', async () => {
        const events: ForumEvent[] = [];
        const stop = subscribe(ctx.db, (message) => {
          if (message.kind === 'event') events.push(message.event);
        });
        const event: ForumEvent = { type: 'topic.updated', topicId, forumId: 2 };
        await expect(
          ctx.db.transaction().execute(async (trx) => {
            await publish(trx, event);
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        expect(events).toEqual([]);
        await ctx.db.transaction().execute(async (trx) => {
          await publish(trx, event);
          expect(events).toEqual([]);
        });
        expect(events).toEqual([event]);
        stop();
      });
    });

    describe('GET /api/events', () => {
      it.each([
        ['no subscription', ''],
        ['an unknown parameter', 'topic=1&page=2'],
        ['a malformed id list', 'topic=1,,2'],
        ['a non-numeric id', 'forum=abc'],
        ['a zero id', 'topic=0'],
        ['too many ids', `topic=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`],
        ['a bad flag', 'home=yes'],
      ])('answers 400 in Hebrew for %s', async (_what, query) => {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/events?${query}` });
        expect(response.statusCode).toBe(400);
        expect(response.json<{ message: string }>().message).toMatch(HEBREW);
      });

      it('streams what the page shows, with proxy-friendly headers, and nothing else', async () => {
        const topicPage = await openEventStream(baseUrl, `topic=${topicId}`);
        const otherForum = await openEventStream(baseUrl, 'forum=5');
        const home = await openEventStream(baseUrl, 'home=1');
        try {
          expect(topicPage.status).toBe(200);
          expect(topicPage.headers['content-type']).toBe('text/event-stream; charset=utf-8');
          expect(topicPage.headers['cache-control']).toBe('no-cache, no-transform');
          expect(topicPage.headers['x-accel-buffering']).toBe('no');
          await topicPage.waitForText('retry: ');
          const response = await apiClient(ctx.app).post(
            '/api/message',
            { topicId, content: '<p>חי</p>' },
            { token: member.token },
          );
          const id = response.json<{ id: number }>().id;
          const expected = { type: 'message.created', messageId: id, topicId, forumId: 2 };
          const received = await topicPage.waitFor((event) => event.event === 'message.created');
          expect(JSON.parse(received.data)).toEqual(expected);
          expect(received.id).toMatch(/^[0-9a-f]{8}-\d+$/);
          expect(JSON.parse((await home.waitFor((event) => event.event === 'message.created')).data)).toEqual(
            expected,
          );
          await new Promise((resolve) => setTimeout(resolve, 100));
          expect(otherForum.events).toEqual([]);
        } finally {
          for (const stream of [topicPage, otherForum, home]) stream.close();
        }
      });

      it('keeps the report queue to admins: 401 for a guest, 403 for a member, events only on the admin stream', async () => {
        expect((await ctx.app.inject({ url: '/api/events?reports=1' })).statusCode).toBe(401);
        const memberTicket = await ticketFor(member);
        const refused = await ctx.app.inject({ url: `/api/events?reports=1&ticket=${memberTicket}` });
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ message: string }>().message).toBe(ERRORS.event_reports_admins_only.message);
        const forged = await ctx.app.inject({
          url: `/api/events?reports=1&ticket=${memberTicket.slice(0, -2)}xx`,
        });
        expect(forged.statusCode).toBe(401);

        const adminStream = await openEventStream(baseUrl, `reports=1&ticket=${await ticketFor(admin)}`);
        const guestStream = await openEventStream(baseUrl, `home=1&topic=${topicId}`);
        const memberStream = await openEventStream(baseUrl, `home=1&notifications=1&ticket=${memberTicket}`);
        try {
          expect(adminStream.status).toBe(200);
          const captcha = await solvedCaptcha(ctx.app);
          const report = {
            id: 0,
            messageId: replyId,
            content: 'הודעה פוגענית',
            email: 'b@example.test',
            isOpen: true,
          };
          await apiClient(ctx.app).post('/api/messageReport', { report, captcha });
          await adminStream.waitFor((event) => event.event === 'report.created');
          // A notification for someone else is not the member's business either.
          await publish(ctx.db, { type: 'notification.created', userId: admin.user.id, notificationId: 1 });
          await publish(ctx.db, { type: 'notification.created', userId: member.user.id, notificationId: 2 });
          await memberStream.waitFor((event) => event.event === 'notification.created');
          expect(memberStream.events.map((event) => JSON.parse(event.data))).toEqual([
            { type: 'notification.created', userId: member.user.id, notificationId: 2 },
          ]);
          expect(guestStream.events).toEqual([]);
        } finally {
          for (const stream of [adminStream, guestStream, memberStream]) stream.close();
        }
      });

      it('replays what was missed after Last-Event-ID, and asks an unknown position to resync', async () => {
        const first = await openEventStream(baseUrl, `topic=${topicId}`);
        await publish(ctx.db, { type: 'message.liked', messageId: replyId, topicId, forumId: 2 });
        const seen = await first.waitFor((event) => event.event === 'message.liked');
        first.close();
        await publish(ctx.db, { type: 'message.updated', messageId: replyId, topicId, forumId: 2 });
        await publish(ctx.db, { type: 'topic.updated', topicId: 999_999, forumId: 1 });
        await publish(ctx.db, { type: 'topic.updated', topicId, forumId: 2 });

        const resumed = await openEventStream(baseUrl, `topic=${topicId}`, {
          'Last-Event-ID': seen.id ?? '',
        });
        await resumed.waitFor((event) => event.event === 'topic.updated');
        expect(resumed.events.map((event) => event.event)).toEqual(['message.updated', 'topic.updated']);
        resumed.close();

        const byQuery = await openEventStream(baseUrl, `topic=${topicId}&lastEventId=${seen.id}`);
        await byQuery.waitFor((event) => event.event === 'topic.updated');
        byQuery.close();

        const elsewhere = await openEventStream(baseUrl, `topic=${topicId}`, {
          'Last-Event-ID': 'deadbeef-3',
        });
        await elsewhere.waitFor((event) => event.event === 'resync');
        elsewhere.close();
      });

      it('ends the streams of a session when it logs out', async () => {
        const leaving = await createUser(ctx.db);
        const ticket = await ticketFor(leaving);
        const stream = await openEventStream(baseUrl, `notifications=1&ticket=${ticket}`);
        const guest = await openEventStream(baseUrl, 'home=1');
        await stream.waitForText('retry:');
        await apiClient(ctx.app).post('/api/logout', undefined, { token: leaving.token });
        await stream.ended;
        // The browser reconnects with the same ticket: the session is gone, so it stops there.
        const again = await ctx.app.inject({ url: `/api/events?notifications=1&ticket=${ticket}` });
        expect(again.statusCode).toBe(401);
        expect(again.json<{ message: string }>().message).toBe(ERRORS.event_ticket_invalid.message);
        expect(ctx.app.liveEvents.streams.size).toBe(1);
        guest.close();
      });

      it("ends a member's streams when an admin suspends them, and other sessions' when the password changes", async () => {
        const suspended = await createUser(ctx.db);
        const suspendedStream = await openEventStream(
          baseUrl,
          `notifications=1&ticket=${await ticketFor(suspended)}`,
        );
        await suspendedStream.waitForText('retry:');
        const suspension = await apiClient(ctx.app).post(
          `/api/admin/users/${suspended.user.id}/suspension`,
          { until: null, reason: 'ספאם' },
          { token: admin.token },
        );
        expect(suspension.statusCode).toBe(200);
        await suspendedStream.ended;

        const changing = await createUser(ctx.db);
        const otherDevice = await signIn(ctx.db, changing.user);
        const kept = await openEventStream(baseUrl, `notifications=1&ticket=${await ticketFor(changing)}`);
        const ended = await openEventStream(
          baseUrl,
          `notifications=1&ticket=${await ticketFor(otherDevice)}`,
        );
        await kept.waitForText('retry:');
        await ended.waitForText('retry:');
        const openBefore = ctx.app.liveEvents.streams.size;
        const changed = await apiClient(ctx.app).put(
          '/api/edit-profile/password',
          { password: 'סיסמה-חדשה-1234' },
          { token: changing.token },
        );
        expect(changed.statusCode).toBe(200);
        await ended.ended;
        // The session that made the change keeps its stream.
        expect(ctx.app.liveEvents.streams.size).toBe(openBefore - 1);
        kept.close();
      });

      it(`answers 429 in Hebrew beyond ${PER_ADDRESS} streams from one address`, async () => {
        const open = [];
        for (let i = 0; i < PER_ADDRESS; i += 1) open.push(await openEventStream(baseUrl, 'home=1'));
        try {
          const refused = await openEventStream(baseUrl, 'home=1');
          expect(refused.status).toBe(429);
          await refused.ended;
          expect(JSON.parse(refused.text())).toEqual({
            error: 'too_many_streams',
            message: ERRORS.too_many_streams.message,
          });
        } finally {
          for (const stream of open) stream.close();
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        const afterwards = await openEventStream(baseUrl, 'home=1');
        expect(afterwards.status).toBe(200);
        afterwards.close();
      });
    });
  },
  {
    config: {
      EVENT_STREAMS_PER_ADDRESS: String(PER_ADDRESS),
      RATE_LIMITS: 'report.ip=1000/3600,report.email=1000/3600',
    },
  },
);
