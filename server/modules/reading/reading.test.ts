import { beforeEach, describe, expect, it } from 'vitest';
import type { ReadingTopicsResponse } from '../../../shared/schemas/reading';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { plan } from '../../test/query-plans';
import { deleteTopicWithMessages } from '../topics/topics.repository';
import { newestAmongQuery, recordReading, unreadQuery, unreadTopicsQuery } from './reading.repository';

const PASSWORD = 'reading-password-1';

describeEachDatabase('reading positions', (ctx) => {
  const api = () => apiClient(ctx.app);
  let reader: TestUser;
  let writer: TestUser;
  let topicId: number;
  let otherTopicId: number;

  beforeEach(async () => {
    reader = await createUser(ctx.db, { password: PASSWORD });
    writer = await createUser(ctx.db);
    topicId = (await createTopic(ctx.db, { userId: writer.user.id })).topic.id;
    otherTopicId = (await createTopic(ctx.db, { userId: writer.user.id })).topic.id;
  });

  const reply = (user: TestUser, id = topicId) => createReply(ctx.db, { topicId: id, userId: user.user.id });
  const read = async (user: TestUser, messageIds: number[], id = topicId) => {
    const response = await api().post(
      '/api/notifications/read',
      { topicId: id, messageIds },
      { token: user.token },
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const unread = async (user: TestUser, ids = [topicId, otherTopicId]) => {
    const response = await api().get(`/api/reading/topics?ids=${ids.join(',')}`, { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    return response.json<ReadingTopicsResponse>().topics;
  };

  it("counts others' messages after the newest one the member saw, and leads to the first of them", async () => {
    const seen = await reply(writer);
    // A topic never opened has no place, so nothing is unread in it.
    expect(await unread(reader)).toEqual([]);
    await read(reader, [topicId, seen.id]);
    expect(await unread(reader)).toEqual([]);

    const first = await reply(writer);
    await reply(reader); // the member's own message is not news to them
    await reply(writer);
    await reply(writer, otherTopicId); // a topic they never opened stays without a count
    expect(await unread(reader)).toEqual([{ topicId, unreadCount: 2, firstUnreadId: first.id }]);
    // Another member's place is their own.
    expect(await unread(writer)).toEqual([]);

    await read(reader, [first.id]);
    const rest = await unread(reader);
    expect(rest).toEqual([{ topicId, unreadCount: 1, firstUnreadId: expect.any(Number) }]);
    expect(rest[0]?.firstUnreadId).toBeGreaterThan(first.id);
  });

  it('never moves a place back, and ignores ids of other topics', async () => {
    const old = await reply(writer);
    const newest = await reply(writer);
    await read(reader, [newest.id]);
    await read(reader, [old.id]); // an old message opened from a notification
    expect(await unread(reader)).toEqual([]);

    const strangerMessage = await reply(writer, otherTopicId);
    const after = await reply(writer);
    await read(reader, [strangerMessage.id]); // an id of another topic, sent as this topic's
    expect(await unread(reader)).toEqual([{ topicId, unreadCount: 1, firstUnreadId: after.id }]);
  });

  it('counts at most 100 unread messages', async () => {
    await read(reader, [topicId]);
    const replies = [];
    for (let index = 0; index < 101; index += 1) replies.push(await reply(writer));
    expect(await unread(reader)).toEqual([{ topicId, unreadCount: 100, firstUnreadId: replies[0]?.id }]);
  });

  it('follows a deleted message and forgets a deleted topic', async () => {
    const admin = await createUser(ctx.db, { admin: true });
    await read(reader, [topicId]);
    const first = await reply(writer);
    const second = await reply(writer);
    const removed = await api().delete(`/api/message/${first.id}`, { token: admin.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await unread(reader)).toEqual([{ topicId, unreadCount: 1, firstUnreadId: second.id }]);

    const gone = await api().delete(`/api/topic/${topicId}`, { token: admin.token });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await unread(reader)).toEqual([]);
    const rows = await ctx.db.selectFrom('topic_reads').selectAll().where('topic_id', '=', topicId).execute();
    expect(rows).toEqual([]);
  });

  it("forgets an account's places when the account is deleted", async () => {
    await read(reader, [topicId]);
    await read(reader, [otherTopicId], otherTopicId);
    const deleted = await api().delete('/api/me', { token: reader.token }, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await ctx.db
      .selectFrom('topic_reads')
      .selectAll()
      .where('user_id', '=', reader.user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  describe('GET /api/reading/unread', () => {
    const unreadList = async (user: TestUser, path = '/api/reading/unread') => {
      const response = await api().get(path, { token: user.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PostsResponse>();
    };

    it("lists the topics the member opened that have others' messages since, newest activity first, 7 a page", async () => {
      const opened: number[] = [];
      for (let index = 0; index < 9; index += 1) {
        const id = (await createTopic(ctx.db, { userId: writer.user.id })).topic.id;
        await read(reader, [id], id);
        opened.push(id);
      }
      // Nothing new yet; then news in all but the first, the reader's own in the first.
      expect((await unreadList(reader)).posts).toEqual([]);
      await reply(reader, opened[0]);
      for (const id of opened.slice(1)) {
        ctx.clock.advance(1_000);
        await createReply(ctx.db, { topicId: id, userId: writer.user.id, now: ctx.clock.now() });
      }
      await reply(writer, otherTopicId); // never opened: not listed

      const first = await unreadList(reader);
      expect(first.posts.map((post) => post.id)).toEqual(opened.slice(2).reverse());
      expect(first.hasMorePosts).toBe(true);
      expect(first.users.map((user) => user.id)).toEqual([writer.user.id]);
      const last = first.posts.at(-1)?.timestamp;
      const more = await unreadList(reader, `/api/reading/unread/more/${last}`);
      expect(more.posts.map((post) => post.id)).toEqual([opened[1]]);
      expect(more.hasMorePosts).toBe(false);

      // Read, a topic leaves the list; another member's list is their own.
      await read(
        reader,
        [
          (
            await ctx.db
              .selectFrom('messages')
              .select((eb) => eb.fn.max('id').as('id'))
              .where('topic_id', '=', opened[8] ?? 0)
              .executeTakeFirstOrThrow()
          ).id as number,
        ],
        opened[8],
      );
      expect((await unreadList(reader)).posts.map((post) => post.id)).not.toContain(opened[8]);
      expect((await unreadList(writer)).posts).toEqual([]);
    });

    it('marks every opened topic read up to its newest message, for the member alone', async () => {
      const other = await createUser(ctx.db);
      await read(reader, [topicId]);
      await read(reader, [otherTopicId], otherTopicId);
      await read(other, [topicId]);
      await reply(writer);
      await reply(writer, otherTopicId);
      const newest = await reply(writer);
      expect((await unreadList(reader)).posts).toHaveLength(2);

      const marked = await api().post('/api/reading/read-all', {}, { token: reader.token });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toEqual({ markedTopics: 2 });
      expect((await unreadList(reader)).posts).toEqual([]);
      expect(await unread(reader)).toEqual([]);
      // Read to the newest: the next message is news again.
      const after = await reply(writer);
      expect(await unread(reader)).toEqual([{ topicId, unreadCount: 1, firstUnreadId: after.id }]);
      expect(after.id).toBeGreaterThan(newest.id);
      // Another member's places did not move.
      expect((await unreadList(other)).posts.map((post) => post.id)).toEqual([topicId]);
      // Nothing left to mark.
      await read(reader, [after.id]);
      expect((await api().post('/api/reading/read-all', {}, { token: reader.token })).json()).toEqual({
        markedTopics: 0,
      });
    });

    it('refuses a guest and a malformed cursor', async () => {
      expect((await api().get('/api/reading/unread')).statusCode).toBe(401);
      expect((await api().post('/api/reading/read-all', {})).statusCode).toBe(401);
      const bad = await api().get('/api/reading/unread/more/abc', { token: reader.token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/[\u0590-\u05FF]/);
    });
  });

  describe('GET /api/reading/topics', () => {
    it('refuses a guest', async () => {
      const response = await api().get(`/api/reading/topics?ids=${topicId}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    });

    it.each([
      ['no ids', ''],
      ['an empty list', '?ids='],
      ['a word', '?ids=abc'],
      ['a zero', '?ids=0'],
      ['a negative id', '?ids=-3'],
      ['a trailing comma', '?ids=1,'],
      ['an id past the largest', '?ids=2147483648'],
      ['101 ids', `?ids=${Array.from({ length: 101 }, (_, index) => index + 1).join(',')}`],
    ])('answers 400 in Hebrew to %s', async (_, query) => {
      const response = await api().get(`/api/reading/topics${query}`, { token: reader.token });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/[\u0590-\u05FF]/);
    });

    it('refuses ids past the largest in the reading call too, on both databases', async () => {
      const response = await api().post(
        '/api/notifications/read',
        { topicId: 2 ** 31, messageIds: [2 ** 53 - 1] },
        { token: reader.token },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe('מזהה הנושא לא תקין');
    });

    it('takes 100 ids, repeats and unknown topics among them', async () => {
      await read(reader, [topicId]);
      const later = await reply(writer);
      const ids = [topicId, topicId, ...Array.from({ length: 98 }, (_, index) => 1_000_000 + index)];
      expect(await unread(reader, ids)).toEqual([{ topicId, unreadCount: 1, firstUnreadId: later.id }]);
    });
  });
});

describeEachDatabase('query plans of the reading positions', (ctx) => {
  it("finds the member's places by primary key and walks (topic_id, id) from each", async () => {
    const text = await plan(ctx.db, ctx.kind, unreadQuery(ctx.db, 1, [1, 2, 3]));
    if (ctx.kind === 'sqlite') {
      expect(text).toMatch(
        /SEARCH r USING (COVERING )?INDEX sqlite_autoindex_topic_reads_1 \(user_id=\? AND topic_id=\?\)/,
      );
      expect(text).toMatch(/SEARCH m USING INDEX messages_topic_id \(topic_id=\? AND id>\?\)/);
      expect(text).not.toMatch(/^SCAN (r|m|messages|topic_reads)$/m);
    } else {
      expect(text).toMatch(/Index Scan using topic_reads_pkey on topic_reads r/);
      expect(text).toMatch(/Index Scan using messages_topic_id on messages m/);
      expect(text).not.toMatch(/Seq Scan/);
    }
  });

  it("reads the member's places by primary key, each topic by its own, news by (topic_id, id)", async () => {
    for (const before of [undefined, Number.MAX_SAFE_INTEGER]) {
      // The sort is the list's own (over the member's places); bitmap scans off, as on a big table.
      const text = await plan(ctx.db, ctx.kind, unreadTopicsQuery(ctx.db, 1, { before, limit: 8 }));
      if (ctx.kind === 'sqlite') {
        expect(text).toMatch(
          /SEARCH r USING (COVERING )?INDEX sqlite_autoindex_topic_reads_1 \(user_id=\?\)/,
        );
        expect(text).toMatch(/SEARCH topics USING INTEGER PRIMARY KEY \(rowid=\?\)/);
        expect(text).toMatch(/SEARCH m (EXISTS )?USING INDEX messages_topic_id \(topic_id=\? AND id>\?\)/);
        expect(text).not.toMatch(/^SCAN (r|m|topics|messages|topic_reads)$/m);
      } else {
        expect(text).toMatch(/(Bitmap )?Index (Only )?Scan (using|on) topic_reads_pkey/);
        // Each topic by its key, or the topics walked newest first against the member's places.
        expect(text).toMatch(/Index Scan (Backward )?using (topics_pkey|topics_timestamp_key) on topics/);
        expect(text).toMatch(/Index Scan using messages_topic_id on messages m/);
        expect(text).not.toMatch(/Seq Scan/);
      }
    }
  });

  it('finds the newest of the seen messages in the (topic_id, id) index alone', async () => {
    const text = await plan(ctx.db, ctx.kind, newestAmongQuery(ctx.db, 1, [1, 2, 3]));
    if (ctx.kind === 'sqlite')
      expect(text).toMatch(
        /SEARCH messages USING COVERING INDEX messages_topic_id \(topic_id=\? AND id=\?\)/,
      );
    else expect(text).toMatch(/Index Only Scan using messages_topic_id on messages/);
    expect(text).not.toMatch(/^SCAN messages$|Seq Scan/m);
  });
});

describeEachDatabase(
  'reading positions while the topic is deleted',
  (ctx) => {
    it('keeps no place and answers no error when the topic goes between the read and the write', async () => {
      const reader = await createUser(ctx.db);
      const writer = await createUser(ctx.db);
      const { topic } = await createTopic(ctx.db, { userId: writer.user.id });
      const seen = await createReply(ctx.db, { topicId: topic.id, userId: writer.user.id });
      let reading: Promise<void> | undefined;
      await ctx.db.transaction().execute(async (trx) => {
        await deleteTopicWithMessages(trx, topic.id);
        // The place's read still sees the messages; its write waits for the deletion, then meets
        // a topic that is gone.
        reading = recordReading(ctx.db, reader.user.id, topic.id, [seen.id]);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await expect(reading).resolves.toBeUndefined();
      const rows = await ctx.db
        .selectFrom('topic_reads')
        .selectAll()
        .where('topic_id', '=', topic.id)
        .execute();
      expect(rows).toEqual([]);
    });
  },
  { only: 'postgres' },
);
