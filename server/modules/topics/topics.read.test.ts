import { beforeAll, expect, it } from 'vitest';
import type { PostsResponse, TopicResponse } from '../../../shared/schemas/topics';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { countStatements } from '../../test/statements';

const MINUTE = 60_000;

describeEachDatabase('topic and posts reads', (ctx) => {
  let author: TestUser;
  let replier: TestUser;
  /** Topic ids in forum 2, newest activity first. */
  const forumTwo: number[] = [];
  /** All topic ids, newest activity first. */
  const all: number[] = [];
  let busyTopic = 0;
  const busyReplies: number[] = [];

  beforeAll(async () => {
    author = await createUser(ctx.db);
    replier = await createUser(ctx.db);
    const base = Date.UTC(2026, 0, 1);
    // 20 topics alternating between forums 1 and 2, several in the very same millisecond, so
    // pagination has to rely on the unique order key.
    for (let index = 0; index < 20; index += 1) {
      const { topic } = await createTopic(ctx.db, {
        userId: index % 2 === 0 ? author.user.id : replier.user.id,
        forumId: index % 2 === 0 ? 1 : 2,
        now: base + Math.floor(index / 4) * MINUTE,
      });
      all.unshift(topic.id);
      if (topic.forum_id === 2) forumTwo.unshift(topic.id);
    }
    // Same-millisecond topics order by the id part of the key: the newest id first.
    const { topic } = await createTopic(ctx.db, { userId: author.user.id, forumId: 2, now: base });
    busyTopic = topic.id;
    for (let index = 0; index < 16; index += 1) {
      const reply = await createReply(ctx.db, {
        topicId: busyTopic,
        userId: replier.user.id,
        now: base + 10 * MINUTE + index,
      });
      busyReplies.push(reply.id);
    }
    all.unshift(busyTopic);
    forumTwo.unshift(busyTopic);
  });

  it('orders topics by last activity with unique keys', async () => {
    const rows = await ctx.db
      .selectFrom('topics')
      .select(['id', 'timestamp'])
      .orderBy('timestamp', 'desc')
      .execute();
    expect(rows.map((row) => row.id)).toEqual(all);
    expect(new Set(rows.map((row) => row.timestamp)).size).toBe(rows.length);
  });

  it('GET /api/home answers the newest 7 posts, their authors and hasMorePosts', async () => {
    const response = await apiClient(ctx.app).get('/api/home');
    expect(response.statusCode).toBe(200);
    const body = response.json<PostsResponse>();
    expect(body.posts.map((post) => post.id)).toEqual(all.slice(0, 7));
    expect(body.hasMorePosts).toBe(true);
    expect(body.users.map((user) => user.id).sort()).toEqual([author.user.id, replier.user.id].sort());
    expect(body.posts[0]).toEqual({
      id: busyTopic,
      forumId: 2,
      userId: author.user.id,
      subject: expect.any(String),
      image: 'test-topic-big.webp',
      date: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      message: expect.stringContaining('הודעה ראשית'),
      replies: 16,
      timestamp: (Date.UTC(2026, 0, 1) + 10 * MINUTE + 15) * 1000 + (busyTopic % 1000),
    });
  });

  it('pages through every post of home and of a forum with no duplicates and no gaps', async () => {
    const client = apiClient(ctx.app);
    for (const [first, more, expected] of [
      ['/api/home', '/api/home/more/', all],
      ['/api/forum/2', '/api/forum/2/more/', forumTwo],
    ] as const) {
      const seen: number[] = [];
      let page = (await client.get(first)).json<PostsResponse>();
      seen.push(...page.posts.map((post) => post.id));
      while (page.hasMorePosts) {
        const last = page.posts.at(-1)?.timestamp;
        const response = await client.get(`${more}${last}`);
        expect(response.statusCode).toBe(200);
        page = response.json<PostsResponse>();
        expect(page.posts.length).toBeGreaterThan(0);
        seen.push(...page.posts.map((post) => post.id));
      }
      expect(seen).toEqual(expected);
    }
  });

  it('answers an empty last page when the cursor is past the oldest post', async () => {
    const response = await apiClient(ctx.app).get('/api/home/more/0');
    expect(response.json()).toEqual({ posts: [], hasMorePosts: false, users: [] });
  });

  it('lists an empty forum and 404s an unknown one', async () => {
    const client = apiClient(ctx.app);
    expect((await client.get('/api/forum/9')).json()).toEqual({ posts: [], hasMorePosts: false, users: [] });
    const unknown = await client.get('/api/forum/999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'forum_not_found', message: 'הפורום לא נמצא' });
    expect((await client.get('/api/forum/999/more/123')).statusCode).toBe(404);
  });

  it('GET /api/topic/:id answers the main message, the newest 7 replies ascending, the post and users', async () => {
    const response = await apiClient(ctx.app).get(`/api/topic/${busyTopic}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<TopicResponse>();
    expect(body.mainMessage).toMatchObject({
      id: busyTopic,
      topicId: busyTopic,
      userId: author.user.id,
      likes: [],
    });
    expect(body.messages.map((message) => message.id)).toEqual(busyReplies.slice(-7));
    expect(body.hasMoreMessages).toBe(true);
    expect(body.post).toMatchObject({ id: busyTopic, replies: 16 });
    expect(body.users.map((user) => user.id).sort()).toEqual([author.user.id, replier.user.id].sort());
    expect(body.users[0]).toEqual({
      id: expect.any(Number),
      username: expect.any(String),
      isAdmin: false,
      avatar: expect.stringMatching(/^\/api\/avatars\/\d+\.svg/),
    });
  });

  it('pages a topic back through every reply with no duplicates and no gaps', async () => {
    const client = apiClient(ctx.app);
    let page: { messages: { id: number }[]; hasMoreMessages: boolean } = (
      await client.get(`/api/topic/${busyTopic}`)
    ).json();
    const seen = page.messages.map((message) => message.id);
    while (page.hasMoreMessages) {
      const oldest = page.messages[0]?.id;
      const response = await client.get(`/api/topic/${busyTopic}/more/${oldest}`);
      expect(response.statusCode).toBe(200);
      page = response.json();
      expect(Object.keys(page).sort()).toEqual(['hasMoreMessages', 'messages', 'users']);
      seen.unshift(...page.messages.map((message) => message.id));
    }
    expect(seen).toEqual(busyReplies);
  });

  it('reads a topic page, and a page of older replies, in one statement each', async () => {
    const client = apiClient(ctx.app);
    ctx.app.guestCache.clear();
    const first = await countStatements(() => client.get(`/api/topic/${busyTopic}`));
    expect(first.result.statusCode).toBe(200);
    expect(first.statements).toBe(1);
    const oldest = first.result.json<TopicResponse>().messages[0]?.id;
    const more = await countStatements(() => client.get(`/api/topic/${busyTopic}/more/${oldest}`));
    expect(more.result.statusCode).toBe(200);
    expect(more.result.json<{ messages: unknown[] }>().messages).toHaveLength(7);
    expect(more.statements).toBe(1);
  });

  it('answers a topic with no replies', async () => {
    const body = (await apiClient(ctx.app).get(`/api/topic/${all.at(-1)}`)).json<TopicResponse>();
    expect(body.messages).toEqual([]);
    expect(body.hasMoreMessages).toBe(false);
    expect(body.users).toHaveLength(1);
  });

  it.each([
    ['/api/topic/999999', 404],
    ['/api/topic/999999/more/5', 404],
    ['/api/topic/abc', 400],
    ['/api/topic/0', 400],
    ['/api/topic/-3', 400],
    ['/api/topic/1.5', 400],
    ['/api/topic/1/more/xyz', 400],
    ['/api/home/more/abc', 400],
    ['/api/home/more/-1', 400],
    ['/api/home/more/99999999999999999999', 400],
    ['/api/forum/abc', 400],
    ['/api/forum/1/more/abc', 400],
  ])('GET %s answers %i with a Hebrew message', async (url, status) => {
    const response = await apiClient(ctx.app).get(url);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
  });
});
