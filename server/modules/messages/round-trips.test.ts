import { beforeEach, describe, expect, it } from 'vitest';
import type { LikeResponse } from '../../../shared/schemas/messages';
import { describeEachDatabase } from '../../test/databases';
import { createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { countStatements } from '../../test/statements';

/**
 * The statements (on PostgreSQL, round trips) of a reply and a like, BEGIN and COMMIT included:
 * session, rate limits (one upsert), the write, its notification and its events (sent with the
 * commit on PostgreSQL). On PostgreSQL a notification and its immediate mail are one statement, and so
 * are a like's toggle and the message's likes after it.
 * A rule that adds a statement raises these on purpose.
 */
const MOST_STATEMENTS = {
  reply: { sqlite: 10, postgres: 8 },
  firstLike: { sqlite: 11, postgres: 9 },
  groupedLike: { sqlite: 9, postgres: 7 },
  unlike: { sqlite: 8, postgres: 7 },
};

describeEachDatabase('round trips of replies and likes', (ctx) => {
  let owner: TestUser;
  let member: TestUser;
  let another: TestUser;
  let topicId: number;

  beforeEach(async () => {
    owner = await createUser(ctx.db);
    member = await createUser(ctx.db);
    another = await createUser(ctx.db);
    ctx.clock.advance(60_000);
    topicId = (await createTopic(ctx.db, { userId: owner.user.id, forumId: 4, now: ctx.clock.now() })).topic
      .id;
    ctx.clock.advance(60_000);
  });

  const likeNotifications = () =>
    ctx.db
      .selectFrom('notifications')
      .select(['actor_id', 'actor_count', 'read_at'])
      .where('user_id', '=', owner.user.id)
      .where('kind', '=', 'like')
      .execute();

  it('writes a reply, its notification and its event in a bounded number of statements', async () => {
    const { result, statements } = await countStatements(() =>
      apiClient(ctx.app).post('/api/message', { topicId, content: '<p>תגובה</p>' }, { token: member.token }),
    );
    expect(result.statusCode).toBe(200);
    expect(statements).toBeLessThanOrEqual(MOST_STATEMENTS.reply[ctx.kind]);
    const notified = await ctx.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(notified).toEqual([{ kind: 'reply' }]);
  });

  it('likes, likes into the day’s group and takes back in a bounded number of statements', async () => {
    const client = apiClient(ctx.app);
    const like = (user: TestUser) =>
      countStatements(() => client.get(`/api/message/like/${topicId}`, { token: user.token }));
    const first = await like(member);
    expect(first.result.json<LikeResponse>().likes).toEqual([member.user.id]);
    expect(first.statements).toBeLessThanOrEqual(MOST_STATEMENTS.firstLike[ctx.kind]);
    ctx.clock.advance(1);
    const grouped = await like(another);
    expect(grouped.result.json<LikeResponse>().likes).toEqual([member.user.id, another.user.id]);
    expect(grouped.statements).toBeLessThanOrEqual(MOST_STATEMENTS.groupedLike[ctx.kind]);
    expect(await likeNotifications()).toEqual([{ actor_id: another.user.id, actor_count: 2, read_at: null }]);
    const unliked = await like(another);
    expect(unliked.result.json<LikeResponse>().likes).toEqual([member.user.id]);
    expect(unliked.statements).toBeLessThanOrEqual(MOST_STATEMENTS.unlike[ctx.kind]);
    expect(await likeNotifications()).toEqual([{ actor_id: member.user.id, actor_count: 1, read_at: null }]);
    await like(member);
    expect(await likeNotifications()).toEqual([]);
  });

  describe('likes at the same moment', () => {
    it('lets a reply be deleted while it is liked and unliked: the like answers or finds it gone', async () => {
      const client = apiClient(ctx.app);
      const created = await client.post(
        '/api/message',
        { topicId, content: '<p>תגובה</p>' },
        { token: member.token },
      );
      const replyId = created.json<{ id: number }>().id;
      await client.get(`/api/message/like/${replyId}`, { token: owner.token });
      const [unliked, liked, deleted] = await Promise.all([
        client.get(`/api/message/like/${replyId}`, { token: owner.token }),
        client.get(`/api/message/like/${replyId}`, { token: another.token }),
        client.delete(`/api/message/${replyId}`, { token: member.token }),
      ]);
      expect(deleted.statusCode).toBe(200);
      for (const response of [unliked, liked]) expect([200, 404]).toContain(response.statusCode);
      const likes = await ctx.db
        .selectFrom('likes')
        .select('user_id')
        .where('message_id', '=', replyId)
        .execute();
      expect(likes).toEqual([]);
    });

    it('takes two toggles of one user in turn: liked, then taken back, with no like or notification left', async () => {
      const client = apiClient(ctx.app);
      const responses = await Promise.all(
        [1, 2].map(() => client.get(`/api/message/like/${topicId}`, { token: member.token })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      const answers = responses.map((response) => response.json<LikeResponse>().likes);
      expect(answers).toContainEqual([member.user.id]);
      expect(answers).toContainEqual([]);
      const likes = await ctx.db
        .selectFrom('likes')
        .select('user_id')
        .where('message_id', '=', topicId)
        .execute();
      expect(likes).toEqual([]);
      expect(await likeNotifications()).toEqual([]);
    });

    it('groups the likes of users liking together into one notification counting them all', async () => {
      const client = apiClient(ctx.app);
      const users = [member, another, await createUser(ctx.db)];
      const responses = await Promise.all(
        users.map((user) => client.get(`/api/message/like/${topicId}`, { token: user.token })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      expect(Math.max(...responses.map((response) => response.json<LikeResponse>().likes.length))).toBe(3);
      const notifications = await likeNotifications();
      expect(notifications).toHaveLength(1);
      expect(notifications[0]).toMatchObject({ actor_count: 3, read_at: null });
    });
  });
});
