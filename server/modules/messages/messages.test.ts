import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import type { LikeResponse, Message } from '../../../shared/schemas/messages';
import type { Post, PostsResponse } from '../../../shared/schemas/topics';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { type ForumEvent, subscribe } from '../../events';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { contentSnapshot } from '../../test/snapshot';
import { LINK_REL } from '../../../shared/markup-rules';

const HEBREW = /[\u0590-\u05FF]/;

describeEachDatabase('message writes and likes', (ctx) => {
  let author: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let topicId: number;
  let olderTopicId: number;

  beforeAll(async () => {
    author = await createUser(ctx.db);
    other = await createUser(ctx.db);
    admin = await createUser(ctx.db, { admin: true });
  });

  beforeEach(async () => {
    ctx.clock.advance(60_000);
    topicId = (await createTopic(ctx.db, { userId: author.user.id, forumId: 4, now: ctx.clock.now() })).topic
      .id;
    ctx.clock.advance(60_000);
    olderTopicId = (await createTopic(ctx.db, { userId: other.user.id, forumId: 4, now: ctx.clock.now() }))
      .topic.id;
    ctx.clock.advance(60_000);
  });

  const topicRow = (id = topicId) =>
    ctx.db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const homeIds = async () =>
    (await apiClient(ctx.app).get('/api/home')).json<PostsResponse>().posts.map((post) => post.id);

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

  const reply = (content = '<p>תגובה</p>', id = topicId) => ({ topicId: id, content });

  describe('POST /api/message', () => {
    it('saves a sanitised reply, counts it and raises the topic to the top', async () => {
      expect((await homeIds())[0]).toBe(olderTopicId);
      const events: ForumEvent[] = [];
      const stop = subscribe(
        ctx.db,
        // Notifications announce themselves too; their own suite checks those.
        (message) =>
          message.kind === 'event' &&
          message.event.type !== 'notification.created' &&
          events.push(message.event),
      );
      const response = await apiClient(ctx.app).post(
        '/api/message',
        reply('<p onclick="x()">ראו <a href="https://example.com">כאן</a></p>'),
        { token: other.token },
      );
      stop();
      expect(response.statusCode).toBe(200);
      const message = response.json<Message>();
      expect(message).toEqual({
        id: expect.any(Number),
        topicId,
        userId: other.user.id,
        content: `<p>ראו <a href="https://example.com" target="_blank" rel="${LINK_REL}">כאן</a></p>`,
        date: new Date(ctx.clock.now()).toISOString(),
        likes: [],
      });
      expect(events).toEqual([{ type: 'message.created', messageId: message.id, topicId, forumId: 4 }]);
      const topic = await topicRow();
      expect(topic.replies).toBe(1);
      expect(topic.timestamp).toBe(ctx.clock.now() * 1000 + (topicId % 1000));
      expect((await homeIds())[0]).toBe(topicId);
      expect((await apiClient(ctx.app).get('/api/forum/4')).json<PostsResponse>().posts[0]?.replies).toBe(1);
    });

    it('counts every one of many replies sent at the same moment', async () => {
      const client = apiClient(ctx.app);
      const tokens = [author.token, other.token, admin.token];
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          client.post('/api/message', reply(`<p>במקביל ${index}</p>`), { token: tokens[index % 3] }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
      expect((await topicRow()).replies).toBe(12);
      const ids = responses.map((response) => response.json<Message>().id);
      await Promise.all(
        ids.slice(0, 5).map((id) => client.delete(`/api/message/${id}`, { token: admin.token })),
      );
      expect((await topicRow()).replies).toBe(7);
    });

    it('gives topics whose ids share the last three digits distinct keys when both get replies at once', async () => {
      const now = ctx.clock.now();
      const ids = [7001, 8001, 9001];
      for (const id of ids) {
        await ctx.db
          .insertInto('messages')
          .values({
            id,
            topic_id: null,
            user_id: author.user.id,
            content: 'x',
            content_search: 'x',
            created_at: now,
          })
          .execute();
        await ctx.db
          .insertInto('topics')
          .values({
            id,
            forum_id: 1,
            user_id: author.user.id,
            subject: 'נושא',
            subject_search: 'נושא',
            image: 'x-big.webp',
            preview: 'x',
            replies: 0,
            created_at: now,
            timestamp: now * 1000 - id,
          })
          .execute();
        await ctx.db.updateTable('messages').set({ topic_id: id }).where('id', '=', id).execute();
      }
      const responses = await Promise.all(
        ids.map((id) =>
          apiClient(ctx.app).post('/api/message', reply('<p>עכשיו</p>', id), { token: other.token }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      const keys = await ctx.db.selectFrom('topics').select('timestamp').where('id', 'in', ids).execute();
      expect(new Set(keys.map((key) => key.timestamp)).size).toBe(3);
      for (const { timestamp } of keys) expect(timestamp % 1000).toBe(1);
    });

    it('refuses a guest with 401 and an unknown topic with 404', async () => {
      await expectRefused(() => apiClient(ctx.app).post('/api/message', reply()), 401);
      const body = await expectRefused(
        () => apiClient(ctx.app).post('/api/message', reply('<p>x</p>', 99_999_999), { token: author.token }),
        404,
      );
      expect(body.message).toBe('הנושא לא נמצא');
    });

    it.each([
      ['only line breaks', '<br><p></p>', VALIDATION_MESSAGES.emptyMessage],
      ['only a refused image', '<img src="javascript:alert(1)">', VALIDATION_MESSAGES.emptyMessage],
      ['10001 characters', 'א'.repeat(10_001), VALIDATION_MESSAGES.messageTooLong],
    ])('refuses a reply of %s with 400', async (_what, content, message) => {
      const answer = await expectRefused(
        () => apiClient(ctx.app).post('/api/message', reply(content), { token: author.token }),
        400,
      );
      expect(answer.message).toBe(message);
    });

    it.each([
      [{ topicId: 'abc', content: 'x' }, 'מזהה הנושא לא תקין'],
      [{ topicId: -1, content: 'x' }, 'מזהה הנושא לא תקין'],
      [{ content: 'x' }, 'מזהה הנושא לא תקין'],
      [{ topicId: 1 }, VALIDATION_MESSAGES.emptyMessage],
      [{ topicId: 1, content: 5 }, VALIDATION_MESSAGES.emptyMessage],
      [{ topicId: 1, content: 'x', message: 'x' }, ERRORS.validation.message],
    ])('refuses %j with 400', async (body, message) => {
      const answer = await expectRefused(
        () => apiClient(ctx.app).post('/api/message', body, { token: author.token }),
        400,
      );
      expect(answer.message).toBe(message);
    });

    it('refuses malformed JSON', async () => {
      await expectRefused(
        () => apiClient(ctx.app).post('/api/message', '{topicId:1}', { token: author.token }),
        400,
      );
    });
  });

  describe('PUT /api/message', () => {
    let replyId: number;

    beforeEach(async () => {
      replyId = (await createReply(ctx.db, { topicId, userId: author.user.id, now: ctx.clock.now() })).id;
      ctx.clock.advance(60_000);
    });

    it.each([
      ['the author', 'author'],
      ['an admin', 'admin'],
    ] as const)('lets %s edit a reply; the topic keeps its place', async (_who, as) => {
      const before = await topicRow();
      const token = as === 'author' ? author.token : admin.token;
      const response = await apiClient(ctx.app).put(
        '/api/message',
        { messageId: replyId, content: '<u>נערך</u><style>x</style>' },
        { token },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json<Message>()).toMatchObject({
        id: replyId,
        content: '<u>נערך</u>',
        userId: author.user.id,
      });
      const stored = await ctx.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', replyId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        content: '<u>נערך</u>',
        content_search: 'נערך',
        updated_at: ctx.clock.now(),
      });
      expect(await topicRow()).toEqual(before);
    });

    it('renews the topic preview when the main message is edited', async () => {
      const response = await apiClient(ctx.app).put(
        '/api/message',
        { messageId: topicId, content: '<p>תוכן <i>חדש</i> לגמרי</p>' },
        { token: author.token },
      );
      expect(response.statusCode).toBe(200);
      expect((await topicRow()).preview).toBe('תוכן חדש לגמרי');
      const page = (await apiClient(ctx.app).get('/api/forum/4')).json<PostsResponse>();
      expect(page.posts.find((post) => post.id === topicId)?.message).toBe('תוכן חדש לגמרי');
    });

    it('refuses a guest (401), another user (403), an unknown message (404) and bad content (400)', async () => {
      const client = apiClient(ctx.app);
      const edit = { messageId: replyId, content: '<p>x</p>' };
      await expectRefused(() => client.put('/api/message', edit), 401);
      await expectRefused(() => client.put('/api/message', edit, { token: other.token }), 403);
      await expectRefused(
        () => client.put('/api/message', { messageId: topicId, content: 'x' }, { token: other.token }),
        403,
      );
      await expectRefused(
        () => client.put('/api/message', { messageId: 99_999_999, content: 'x' }, { token: admin.token }),
        404,
      );
      const empty = await expectRefused(
        () =>
          client.put(
            '/api/message',
            { messageId: replyId, content: '<div><br></div>' },
            { token: author.token },
          ),
        400,
      );
      expect(empty.message).toBe(VALIDATION_MESSAGES.emptyMessage);
      await expectRefused(
        () => client.put('/api/message', { messageId: replyId, newMessage: 'x' }, { token: author.token }),
        400,
      );
    });
  });

  describe('DELETE /api/message/:id', () => {
    let firstReply: number;
    let lastReply: number;
    let firstReplyAt: number;

    beforeEach(async () => {
      firstReplyAt = ctx.clock.now();
      firstReply = (await createReply(ctx.db, { topicId, userId: author.user.id, now: firstReplyAt })).id;
      lastReply = (await createReply(ctx.db, { topicId, userId: author.user.id, now: firstReplyAt + 5_000 }))
        .id;
      await apiClient(ctx.app).get(`/api/message/like/${lastReply}`, { token: other.token });
    });

    it.each([
      ['the author', 'author'],
      ['an admin', 'admin'],
    ] as const)('lets %s delete a reply; count and order key go back', async (_who, as) => {
      const events: ForumEvent[] = [];
      const stop = subscribe(
        ctx.db,
        // Notifications announce themselves too; their own suite checks those.
        (message) =>
          message.kind === 'event' &&
          message.event.type !== 'notification.created' &&
          events.push(message.event),
      );
      const token = as === 'author' ? author.token : admin.token;
      const response = await apiClient(ctx.app).delete(`/api/message/${lastReply}`, { token });
      stop();
      expect(response.statusCode).toBe(200);
      expect(response.json<Message>()).toMatchObject({ id: lastReply, topicId, likes: [other.user.id] });
      expect(events).toEqual([{ type: 'message.deleted', messageId: lastReply, topicId, forumId: 4 }]);
      const topic = await topicRow();
      expect(topic.replies).toBe(1);
      expect(topic.timestamp).toBe(firstReplyAt * 1000 + (topicId % 1000));
      expect(
        await ctx.db.selectFrom('likes').where('message_id', '=', lastReply).selectAll().execute(),
      ).toEqual([]);
      const page = (await apiClient(ctx.app).get(`/api/topic/${topicId}`)).json<{ messages: Message[] }>();
      expect(page.messages.map((message) => message.id)).toEqual([firstReply]);
    });

    it('falls back to the main message time when the last reply goes', async () => {
      await apiClient(ctx.app).delete(`/api/message/${lastReply}`, { token: admin.token });
      await apiClient(ctx.app).delete(`/api/message/${firstReply}`, { token: admin.token });
      const topic = await topicRow();
      expect(topic.replies).toBe(0);
      expect(topic.timestamp).toBe(topic.created_at * 1000 + (topicId % 1000));
    });

    it('refuses a guest (401), another user (403), unknown (404) and non-numeric (400) ids', async () => {
      const client = apiClient(ctx.app);
      await expectRefused(() => client.delete(`/api/message/${lastReply}`), 401);
      await expectRefused(() => client.delete(`/api/message/${lastReply}`, { token: other.token }), 403);
      await expectRefused(() => client.delete('/api/message/99999999', { token: admin.token }), 404);
      await expectRefused(() => client.delete('/api/message/abc', { token: admin.token }), 400);
    });

    it('deletes the main message only through its topic, even for its author or an admin', async () => {
      for (const token of [author.token, admin.token]) {
        const body = await expectRefused(
          () => apiClient(ctx.app).delete(`/api/message/${topicId}`, { token }),
          400,
        );
        expect(body).toEqual({
          error: 'main_message',
          message: 'את ההודעה הראשית אפשר למחוק רק יחד עם הנושא כולו',
        });
      }
      await expectRefused(
        () => apiClient(ctx.app).delete(`/api/message/${topicId}`, { token: other.token }),
        403,
      );
    });
  });

  describe('GET /api/message/like/:id', () => {
    it('toggles the like of each user and answers the likers', async () => {
      const client = apiClient(ctx.app);
      const like = async (token: string) => {
        const response = await client.get(`/api/message/like/${topicId}`, { token });
        expect(response.statusCode).toBe(200);
        return response.json<LikeResponse>();
      };
      expect(await like(other.token)).toEqual({ messageId: topicId, likes: [other.user.id] });
      ctx.clock.advance(1);
      expect(await like(author.token)).toEqual({
        messageId: topicId,
        likes: [other.user.id, author.user.id],
      });
      expect(await like(other.token)).toEqual({ messageId: topicId, likes: [author.user.id] });
      const page = (await client.get(`/api/topic/${topicId}`)).json<{ mainMessage: Message }>();
      expect(page.mainMessage.likes).toEqual([author.user.id]);
      const before = await topicRow();
      expect(await like(author.token)).toEqual({ messageId: topicId, likes: [] });
      expect(await topicRow()).toEqual(before);
    });

    it('refuses a guest (401), unknown (404) and non-numeric (400) ids', async () => {
      const client = apiClient(ctx.app);
      await expectRefused(() => client.get(`/api/message/like/${topicId}`), 401);
      await expectRefused(() => client.get('/api/message/like/99999999', { token: author.token }), 404);
      await expectRefused(() => client.get('/api/message/like/x1', { token: author.token }), 400);
    });
  });

  it('answers writes with the §3 shapes the client reads', async () => {
    const created = await apiClient(ctx.app).post('/api/message', reply(), { token: author.token });
    expect(Object.keys(created.json<Message>()).sort()).toEqual([
      'content',
      'date',
      'id',
      'likes',
      'topicId',
      'userId',
    ]);
    // docs/product.md §7 writes this path with a trailing slash.
    const edited = await apiClient(ctx.app).put(
      '/api/message/',
      { messageId: created.json<Message>().id, content: 'ערוך' },
      { token: author.token },
    );
    expect(edited.json<Message>()).toMatchObject({ id: created.json<Message>().id, content: 'ערוך' });
    const moved = await apiClient(ctx.app).put(
      '/api/topic/move',
      { topicId, forumId: 5 },
      { token: admin.token },
    );
    expect(Object.keys(moved.json<Post>()).sort()).toEqual([
      'date',
      'forumId',
      'id',
      'image',
      'message',
      'replies',
      'subject',
      'timestamp',
      'userId',
    ]);
  });
});
