import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import type { Post, PostsResponse, TopicResponse } from '../../../shared/schemas/topics';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { BODY_LIMIT_BYTES } from '../../app';
import { type ForumEvent, subscribe } from '../../events';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { contentSnapshot } from '../../test/snapshot';
import { prepareMessageContent } from '../markup/markup';
import { activityTimestamp, insertReply } from './topics.repository';

const HEBREW = /[\u0590-\u05FF]/;

describeEachDatabase('topic writes', (ctx) => {
  let user: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let inactive: TestUser;

  beforeAll(async () => {
    user = await createUser(ctx.db);
    other = await createUser(ctx.db);
    admin = await createUser(ctx.db, { admin: true });
    inactive = await createUser(ctx.db, { active: false });
  });

  beforeEach(() => {
    ctx.clock.advance(60_000);
  });

  /** Runs a request that must be refused and proves it changed nothing. */
  async function expectRefused(
    send: () => Promise<{ statusCode: number; json: () => unknown }>,
    status: number,
  ) {
    const before = await contentSnapshot(ctx.db);
    const response = await send();
    expect(response.statusCode).toBe(status);
    const body = response.json() as { error: string; message: string };
    expect(body.message).toMatch(HEBREW);
    expect(await contentSnapshot(ctx.db)).toEqual(before);
    return body;
  }

  describe('POST /api/topic', () => {
    const valid = {
      subject: '  נושא חדש  ',
      message: '<p>שלום <b>לכולם</b></p><script>alert(1)</script>',
      forumId: 3,
    };

    it('creates a topic whose id is its main message id, and answers it as the topic page', async () => {
      const events: ForumEvent[] = [];
      const stop = subscribe(
        ctx.db,
        // Notifications announce themselves too; their own suite checks those.
        (message) =>
          message.kind === 'event' &&
          message.event.type !== 'notification.created' &&
          events.push(message.event),
      );
      const response = await apiClient(ctx.app).post('/api/topic', valid, { token: user.token });
      stop();
      expect(response.statusCode).toBe(200);
      const body = response.json<TopicResponse>();
      expect(body.post).toMatchObject({
        forumId: 3,
        userId: user.user.id,
        subject: 'נושא חדש',
        message: 'שלום לכולם',
        replies: 0,
        date: new Date(ctx.clock.now()).toISOString(),
      });
      expect(body.post.image).toMatch(/big\.webp$/);
      expect(body.post.timestamp).toBe(ctx.clock.now() * 1000 + (body.post.id % 1000));
      expect(body.mainMessage).toEqual({
        id: body.post.id,
        topicId: body.post.id,
        userId: user.user.id,
        content: '<p>שלום <b>לכולם</b></p>',
        date: new Date(ctx.clock.now()).toISOString(),
        likes: [],
      });
      expect(body.messages).toEqual([]);
      expect(body.hasMoreMessages).toBe(false);
      expect(body.users.map((entry) => entry.id)).toEqual([user.user.id]);
      expect(events).toEqual([{ type: 'topic.created', topicId: body.post.id, forumId: 3 }]);

      const stored = await ctx.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', body.post.id)
        .executeTakeFirst();
      expect(stored?.topic_id).toBe(body.post.id);
      expect(stored?.content_search).toBe('שלום לכולם');
      const image = await ctx.db
        .selectFrom('images')
        .select('name')
        .where('name', '=', body.post.image)
        .executeTakeFirst();
      expect(image).toBeDefined();

      const home = (await apiClient(ctx.app).get('/api/home')).json<PostsResponse>();
      expect(home.posts[0]?.id).toBe(body.post.id);
      const page = (await apiClient(ctx.app).get(`/api/topic/${body.post.id}`)).json<TopicResponse>();
      expect(page).toEqual(body);
    });

    it('accepts a subject of exactly 40 characters and a message of exactly 10000', async () => {
      // docs/product.md §7 writes this path with a trailing slash.
      const response = await apiClient(ctx.app).post(
        '/api/topic/',
        { subject: 'א'.repeat(40), message: 'ב'.repeat(10_000), forumId: 1 },
        { token: user.token },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<TopicResponse>().post.message.length).toBeLessThanOrEqual(200);
    });

    it('refuses a guest and an inactive account with 401', async () => {
      await expectRefused(() => apiClient(ctx.app).post('/api/topic', valid), 401);
      await expectRefused(() => apiClient(ctx.app).post('/api/topic', valid, { token: inactive.token }), 401);
      await expectRefused(() => apiClient(ctx.app).post('/api/topic', valid, { token: 'forged' }), 401);
    });

    it('refuses a write without the forgery-protection header with 403', async () => {
      await expectRefused(
        () => apiClient(ctx.app).post('/api/topic', valid, { token: user.token, withoutXsrf: true }),
        403,
      );
    });

    it.each([
      ['a blank subject', { ...valid, subject: '   ' }, VALIDATION_MESSAGES.emptySubject],
      [
        'a subject of control characters',
        { ...valid, subject: '\u0001\u0002' },
        VALIDATION_MESSAGES.emptySubject,
      ],
      ['a 41-character subject', { ...valid, subject: 'א'.repeat(41) }, VALIDATION_MESSAGES.subjectTooLong],
      [
        'an empty message',
        { ...valid, message: '<p><br></p><div> </div>' },
        VALIDATION_MESSAGES.emptyMessage,
      ],
      [
        'a message that sanitises to nothing',
        { ...valid, message: '<script>alert(1)</script>' },
        VALIDATION_MESSAGES.emptyMessage,
      ],
      [
        'a 10001-character message',
        { ...valid, message: 'א'.repeat(10_001) },
        VALIDATION_MESSAGES.messageTooLong,
      ],
      ['no message', { subject: 'נושא', forumId: 1 }, VALIDATION_MESSAGES.emptyMessage],
      ['no subject', { message: 'תוכן', forumId: 1 }, VALIDATION_MESSAGES.emptySubject],
      ['forumId as a string', { ...valid, forumId: '1' }, 'מזהה הפורום לא תקין'],
      ['a fractional forumId', { ...valid, forumId: 1.5 }, 'מזהה הפורום לא תקין'],
      ['forumId 0', { ...valid, forumId: 0 }, 'מזהה הפורום לא תקין'],
      ['a numeric subject', { ...valid, subject: 12 }, VALIDATION_MESSAGES.emptySubject],
      ['an array message', { ...valid, message: ['x'] }, VALIDATION_MESSAGES.emptyMessage],
      ['an unknown field', { ...valid, isAdmin: true }, ERRORS.validation.message],
      ['an array body', [valid], ERRORS.validation.message],
      ['a string body', '"just a string"', ERRORS.validation.message],
    ])('refuses %s with 400', async (_what, body, message) => {
      const answer = await expectRefused(
        () => apiClient(ctx.app).post('/api/topic', body, { token: user.token }),
        400,
      );
      expect(answer.message).toBe(message);
    });

    it('refuses malformed JSON, a wrong content type and a huge body', async () => {
      await expectRefused(
        () => apiClient(ctx.app).post('/api/topic', '{"subject": ', { token: user.token }),
        400,
      );
      await expectRefused(
        () =>
          apiClient(ctx.app).post('/api/topic', 'subject=x', {
            token: user.token,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        415,
      );
      const huge = { ...valid, message: 'א'.repeat(BODY_LIMIT_BYTES) };
      await expectRefused(() => apiClient(ctx.app).post('/api/topic', huge, { token: user.token }), 413);
    });

    it('answers 404 for an unknown forum', async () => {
      const body = await expectRefused(
        () => apiClient(ctx.app).post('/api/topic', { ...valid, forumId: 999 }, { token: user.token }),
        404,
      );
      expect(body.message).toBe('הפורום לא נמצא');
    });
  });

  describe('admin topic writes', () => {
    let topicId: number;
    let replyId: number;

    beforeEach(async () => {
      const created = await createTopic(ctx.db, { userId: user.user.id, forumId: 1, now: ctx.clock.now() });
      topicId = created.topic.id;
      const reply = await createReply(ctx.db, { topicId, userId: other.user.id, now: ctx.clock.now() + 1 });
      replyId = reply.id;
      await apiClient(ctx.app).get(`/api/message/like/${replyId}`, { token: user.token });
      await apiClient(ctx.app).get(`/api/message/like/${topicId}`, { token: other.token });
      await ctx.db
        .insertInto('message_reports')
        .values({
          message_id: replyId,
          content: 'דיווח על הודעה',
          email: 'a@example.test',
          reporter_user_id: null,
          timestamp: ctx.clock.now(),
          is_open: 1,
          closed_by: null,
          closed_at: null,
        })
        .execute();
    });

    it.each([
      ['a guest', undefined, 401],
      ['the author', 'user', 403],
      ['another user', 'other', 403],
    ] as const)('refuses %s every admin write', async (_who, as, status) => {
      const token = as === 'user' ? user.token : as === 'other' ? other.token : undefined;
      const client = apiClient(ctx.app);
      await expectRefused(() => client.delete(`/api/topic/${topicId}`, { token }), status);
      await expectRefused(() => client.put('/api/topic/move', { topicId, forumId: 2 }, { token }), status);
      await expectRefused(
        () => client.put('/api/topic/subject', { topicId, subject: 'חדש' }, { token }),
        status,
      );
    });

    it('lets an admin delete a topic with its messages and likes, keeping its reports', async () => {
      const events: ForumEvent[] = [];
      const stop = subscribe(
        ctx.db,
        // Notifications announce themselves too; their own suite checks those.
        (message) =>
          message.kind === 'event' &&
          message.event.type !== 'notification.created' &&
          events.push(message.event),
      );
      const response = await apiClient(ctx.app).delete(`/api/topic/${topicId}`, { token: admin.token });
      stop();
      expect(response.statusCode).toBe(200);
      expect(response.json<Post>()).toMatchObject({ id: topicId, forumId: 1, replies: 1 });
      expect(events).toEqual([{ type: 'topic.deleted', topicId, forumId: 1 }]);
      expect(await ctx.db.selectFrom('topics').where('id', '=', topicId).select('id').execute()).toEqual([]);
      expect(
        await ctx.db.selectFrom('messages').where('topic_id', '=', topicId).select('id').execute(),
      ).toEqual([]);
      expect(
        await ctx.db
          .selectFrom('likes')
          .where('message_id', 'in', [topicId, replyId])
          .select('user_id')
          .execute(),
      ).toEqual([]);
      expect(
        await ctx.db.selectFrom('message_reports').where('message_id', '=', replyId).select('id').execute(),
      ).toHaveLength(1);
      expect((await apiClient(ctx.app).get(`/api/topic/${topicId}`)).statusCode).toBe(404);
      await expectRefused(
        () => apiClient(ctx.app).delete(`/api/topic/${topicId}`, { token: admin.token }),
        404,
      );
    });

    it('lets an admin move a topic; its place in time stays', async () => {
      const before = (await apiClient(ctx.app).get(`/api/topic/${topicId}`)).json<TopicResponse>().post;
      const response = await apiClient(ctx.app).put(
        '/api/topic/move',
        { topicId, forumId: 2 },
        { token: admin.token },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<Post>()).toEqual({ ...before, forumId: 2 });
      const forumTwo = (await apiClient(ctx.app).get('/api/forum/2')).json<PostsResponse>();
      expect(forumTwo.posts.map((post) => post.id)).toContain(topicId);
      const forumOne = (await apiClient(ctx.app).get('/api/forum/1')).json<PostsResponse>();
      expect(forumOne.posts.map((post) => post.id)).not.toContain(topicId);
    });

    it('answers 404 for moving to an unknown forum or an unknown topic, and 400 for bad bodies', async () => {
      const client = apiClient(ctx.app);
      const token = admin.token;
      await expectRefused(() => client.put('/api/topic/move', { topicId, forumId: 999 }, { token }), 404);
      await expectRefused(
        () => client.put('/api/topic/move', { topicId: 99_999_999, forumId: 2 }, { token }),
        404,
      );
      await expectRefused(
        () => client.put('/api/topic/move', { topicId: String(topicId), forumId: 2 }, { token }),
        400,
      );
      await expectRefused(
        () => client.put('/api/topic/move', { topicId, forumId: 2, extra: 1 }, { token }),
        400,
      );
      await expectRefused(() => client.put('/api/topic/move', { topicId }, { token }), 400);
      await expectRefused(() => client.delete('/api/topic/abc', { token }), 400);
      await expectRefused(() => client.delete('/api/topic/99999999', { token }), 404);
    });

    it('lets an admin rename a topic; the subject is trimmed plain text, searchable', async () => {
      const response = await apiClient(ctx.app).put(
        '/api/topic/subject',
        { topicId, subject: '  <b>שָׁלוֹם</b> & <script>  ' },
        { token: admin.token },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<Post>()).toMatchObject({ id: topicId, subject: '<b>שָׁלוֹם</b> & <script>' });
      const row = await ctx.db
        .selectFrom('topics')
        .select(['subject', 'subject_search'])
        .where('id', '=', topicId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ subject: '<b>שָׁלוֹם</b> & <script>', subject_search: '<b>שלום</b> & <script>' });
    });

    it.each([
      [{ subject: '   ' }, 400, VALIDATION_MESSAGES.emptySubject],
      [{ subject: '' }, 400, VALIDATION_MESSAGES.emptySubject],
      [{ subject: 'א'.repeat(41) }, 400, VALIDATION_MESSAGES.subjectTooLong],
      [{ subject: 'חדש', topicId: 99_999_999 }, 404, 'הנושא לא נמצא'],
      [{ subject: null }, 400, VALIDATION_MESSAGES.emptySubject],
    ])('does not save the subject %j', async (change, status, message) => {
      const body = await expectRefused(
        () => apiClient(ctx.app).put('/api/topic/subject', { topicId, ...change }, { token: admin.token }),
        status,
      );
      expect(body.message).toBe(message);
    });
  });

  describe('insertReply', () => {
    const storedTopic = (id: number) =>
      ctx.db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('counts the topic up by one and moves it to the reply, whatever the thread length', async () => {
      const start = Date.UTC(2026, 5, 1);
      const { topic } = await createTopic(ctx.db, { userId: user.user.id, now: start });
      const { topic: later } = await createTopic(ctx.db, { userId: user.user.id, now: start + 5_000 });
      for (let index = 1; index <= 3; index += 1)
        await createReply(ctx.db, { topicId: topic.id, userId: other.user.id, now: start + 10_000 * index });
      const row = await storedTopic(topic.id);
      expect(row.replies).toBe(3);
      expect(Math.floor(row.timestamp / 1000)).toBe(start + 30_000);
      expect(row.timestamp).toBeGreaterThan(later.timestamp);
    });

    it('answers the reply and its counted topic as they are stored', async () => {
      const start = Date.UTC(2026, 8, 1);
      const { topic } = await createTopic(ctx.db, { userId: user.user.id, now: start });
      const written = await ctx.db.transaction().execute((trx) =>
        insertReply(trx, {
          topicId: topic.id,
          userId: other.user.id,
          body: prepareMessageContent('<p>תגובה</p>'),
          createdAt: start + 1_000,
        }),
      );
      expect(written?.topic).toEqual(await storedTopic(topic.id));
      expect(written?.reply).toEqual(
        await ctx.db
          .selectFrom('messages')
          .selectAll()
          .where('id', '=', written?.reply.id ?? 0)
          .executeTakeFirstOrThrow(),
      );
    });

    it('moves the topic to the next free key when another topic holds the one its reply would take', async () => {
      const start = Date.UTC(2026, 7, 1);
      const { topic } = await createTopic(ctx.db, { userId: user.user.id, now: start });
      const { topic: holder } = await createTopic(ctx.db, { userId: user.user.id, now: start + 1 });
      const replyAt = start + 60_000;
      await ctx.db
        .updateTable('topics')
        .set({ timestamp: activityTimestamp(replyAt, topic.id) })
        .where('id', '=', holder.id)
        .execute();
      const reply = await createReply(ctx.db, { topicId: topic.id, userId: other.user.id, now: replyAt });
      const row = await storedTopic(topic.id);
      expect(row.replies).toBe(1);
      expect(row.timestamp).toBe(activityTimestamp(replyAt + 1, topic.id));
      const messages = await ctx.db
        .selectFrom('messages')
        .select(['id', 'created_at'])
        .where('topic_id', '=', topic.id)
        .orderBy('id')
        .execute();
      expect(messages).toEqual([
        { id: topic.id, created_at: start },
        { id: reply.id, created_at: replyAt },
      ]);
    });

    it("keeps the order key when a reply is dated before the topic's newest activity", async () => {
      const start = Date.UTC(2026, 6, 1);
      const { topic } = await createTopic(ctx.db, { userId: user.user.id, now: start });
      await createReply(ctx.db, { topicId: topic.id, userId: other.user.id, now: start + 60_000 });
      const before = await storedTopic(topic.id);
      await createReply(ctx.db, { topicId: topic.id, userId: other.user.id, now: start + 30_000 });
      const after = await storedTopic(topic.id);
      expect(after.replies).toBe(2);
      expect(after.timestamp).toBe(before.timestamp);
    });
  });
});
