import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '../shared/errors';
import { describeEachDatabase } from './test/databases';
import { createReply, createTopic, createUser, type TestUser } from './test/factories';
import { apiClient, type CallOptions } from './test/http';
import { contentSnapshot } from './test/snapshot';

type Method = 'get' | 'post' | 'put' | 'delete';

/** A guarded call: who is refused with which code; everyone else reaches the work. */
interface Guarded {
  method: Method;
  url: string;
  body?: unknown;
  guest: ErrorCode;
  /** The code for a logged-in user who is neither the author nor an admin, when that user is refused. */
  stranger?: ErrorCode;
}

/**
 * Every route that decides with shared/policies.ts, called by a guest and by a user who may not:
 * each must answer the policy's refusal with the catalogue's code and text and change nothing. A
 * route that stopped asking the policy would let one of them through (or answer another code).
 */
describeEachDatabase('routes guarded by the shared policy', (ctx) => {
  let author: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let topicId: number;
  let replyId: number;
  let reportId: number;

  beforeAll(async () => {
    author = await createUser(ctx.db);
    stranger = await createUser(ctx.db);
    admin = await createUser(ctx.db, { admin: true });
    topicId = (await createTopic(ctx.db, { userId: author.user.id })).topic.id;
    replyId = (await createReply(ctx.db, { topicId, userId: author.user.id })).id;
    const report = await ctx.db
      .insertInto('message_reports')
      .values({
        message_id: replyId,
        content: 'דיווח לבדיקה',
        email: 'guest@example.test',
        reporter_user_id: null,
        timestamp: ctx.clock.now(),
        is_open: 1,
        closed_by: null,
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    reportId = report.id;
  });

  const routes = (): Guarded[] => [
    {
      method: 'post',
      url: '/api/topic',
      body: { subject: 'נושא', message: '<p>שלום</p>', forumId: 1 },
      guest: 'unauthorized',
    },
    { method: 'delete', url: `/api/topic/${topicId}`, guest: 'unauthorized', stranger: 'forbidden' },
    {
      method: 'put',
      url: '/api/topic/move',
      body: { topicId, forumId: 2 },
      guest: 'unauthorized',
      stranger: 'forbidden',
    },
    {
      method: 'put',
      url: '/api/topic/subject',
      body: { topicId, subject: 'שם חדש' },
      guest: 'unauthorized',
      stranger: 'forbidden',
    },
    { method: 'get', url: `/api/topic/image/${topicId}`, guest: 'unauthorized', stranger: 'forbidden' },
    {
      method: 'post',
      url: '/api/message',
      body: { topicId, content: '<p>תגובה</p>' },
      guest: 'unauthorized',
    },
    {
      method: 'put',
      url: '/api/message',
      body: { messageId: replyId, content: '<p>עריכה</p>' },
      guest: 'unauthorized',
      stranger: 'forbidden',
    },
    { method: 'delete', url: `/api/message/${replyId}`, guest: 'unauthorized', stranger: 'forbidden' },
    { method: 'get', url: `/api/message/like/${replyId}`, guest: 'unauthorized' },
    { method: 'get', url: '/api/search/שלום', guest: 'search_login_required' },
    { method: 'get', url: '/api/search/שלום/more/123', guest: 'search_login_required' },
    { method: 'get', url: '/api/messageReport', guest: 'unauthorized', stranger: 'moderators_only' },
    {
      method: 'get',
      url: `/api/messageReport/more/${reportId + 1}`,
      guest: 'unauthorized',
      stranger: 'moderators_only',
    },
    {
      method: 'delete',
      url: `/api/messageReport/${reportId}`,
      guest: 'unauthorized',
      stranger: 'moderators_only',
    },
  ];

  const call = (route: Guarded, options: CallOptions) => {
    const client = apiClient(ctx.app);
    if (route.method === 'get' || route.method === 'delete') return client[route.method](route.url, options);
    return client[route.method](route.url, route.body, options);
  };

  async function expectRefused(route: Guarded, options: CallOptions, code: ErrorCode) {
    const before = await contentSnapshot(ctx.db);
    const response = await call(route, options);
    expect(response.statusCode, `${route.method} ${route.url}`).toBe(ERRORS[code].status);
    expect(response.json(), `${route.method} ${route.url}`).toEqual({
      error: code,
      message: ERRORS[code].message,
    });
    expect(await contentSnapshot(ctx.db)).toEqual(before);
  }

  it('refuses a guest with 401 and the catalogue text', async () => {
    for (const route of routes()) await expectRefused(route, {}, route.guest);
  });

  it('refuses a user who is neither the author nor an admin with 403 and the catalogue text', async () => {
    for (const route of routes()) {
      if (route.stranger) await expectRefused(route, { token: stranger.token }, route.stranger);
    }
  });

  it('lets the author, any user where any user may, and an admin past the policy', async () => {
    const allowed: Array<[Omit<Guarded, 'guest'>, string]> = [
      [
        { method: 'put', url: '/api/message', body: { messageId: replyId, content: '<p>עריכה</p>' } },
        author.token,
      ],
      [
        { method: 'put', url: '/api/message', body: { messageId: replyId, content: '<p>עריכה</p>' } },
        admin.token,
      ],
      [{ method: 'get', url: `/api/message/like/${replyId}` }, stranger.token],
      [{ method: 'get', url: '/api/search/שלום' }, stranger.token],
      [{ method: 'get', url: '/api/messageReport' }, admin.token],
      [{ method: 'put', url: '/api/topic/subject', body: { topicId, subject: 'שם חדש' } }, admin.token],
    ];
    for (const [route, token] of allowed) {
      const response = await call({ ...route, guest: 'unauthorized' }, { token });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(200);
    }
  });

  describe('the main message', () => {
    it('is refused for deletion even to its author and an admin, with the catalogue text', async () => {
      const route: Guarded = { method: 'delete', url: `/api/message/${topicId}`, guest: 'unauthorized' };
      await expectRefused(route, { token: author.token }, 'main_message');
      await expectRefused(route, { token: admin.token }, 'main_message');
      await expectRefused(route, { token: stranger.token }, 'forbidden');
    });
  });
});
