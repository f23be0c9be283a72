import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser } from '../../test/factories';
import { findTopic } from './topics.repository';
import {
  findTopicPage,
  findTopicWithMainMessageQuery,
  listRepliesWithAuthors,
  listTopicMessagesWithAuthorsQuery,
  listTopicsWithAuthors,
  listTopicsWithAuthorsQuery,
} from './topic-pages.repository';

describeEachDatabase('topic page reads', (ctx) => {
  it('read only the columns a page shows, never the search copies of subjects and messages', async () => {
    const { user } = await createUser(ctx.db);
    const { topic } = await createTopic(ctx.db, { userId: user.id, forumId: 1, now: Date.UTC(2026, 0, 1) });
    await createReply(ctx.db, { topicId: topic.id, userId: user.id, now: Date.UTC(2026, 0, 2) });

    const [listed] = await listTopicsWithAuthors(ctx.db, { forumId: 1, limit: 1 });
    expect(listed?.id).toBe(topic.id);
    expect(listed).not.toHaveProperty('subject_search');
    expect(listed).toMatchObject({ subject: topic.subject, author_username: user.username });

    const page = await findTopicPage(ctx.db, topic.id, 1);
    const { subject_search: _search, ...shownTopic } = (await findTopic(ctx.db, topic.id)) ?? {};
    expect(page?.topic).toEqual(shownTopic);
    const main = page?.main;
    expect(main?.id).toBe(topic.id);
    expect(main?.topic_id).toBe(topic.id);
    const [reply] = await listRepliesWithAuthors(ctx.db, topic.id, { limit: 1 });
    expect(page?.newestReplies).toEqual([reply]);
    for (const message of [main, reply, ...(page?.newestReplies ?? [])]) {
      expect(message).not.toHaveProperty('content_search');
      expect(message).not.toHaveProperty('updated_at');
      expect(message?.author_username).toBe(user.username);
    }
  });

  it('compiled once, answer each call with its own forum, cursor and limit, as the query builders do', async () => {
    const { user } = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const topics = [];
    for (let day = 1; day <= 6; day += 1) {
      const { topic } = await createTopic(ctx.db, {
        userId: day % 2 ? user.id : other.user.id,
        forumId: day <= 3 ? 1 : 2,
        now: Date.UTC(2026, 0, day),
      });
      topics.push(topic);
    }
    const [first] = topics;
    for (let hour = 1; hour <= 5; hour += 1)
      await createReply(ctx.db, {
        topicId: first?.id ?? 0,
        userId: other.user.id,
        now: Date.UTC(2026, 0, 7, hour),
      });

    // List cursors are order keys: the activity's millisecond times 1000 (activityTimestamp).
    const cursor = (day: number) => Date.UTC(2026, 0, day) * 1000;
    const listShapes = [
      { limit: 2 },
      { limit: 4 },
      { before: cursor(5), limit: 2 },
      { forumId: 1, limit: 2 },
      { forumId: 2, limit: 3 },
      { forumId: 1, before: cursor(7), limit: 1 },
      { forumId: 2, before: cursor(6), limit: 5 },
    ];
    for (const options of listShapes) {
      const expected = await listTopicsWithAuthorsQuery(ctx.db, options).execute();
      expect(expected.length).toBeGreaterThan(0);
      expect(await listTopicsWithAuthors(ctx.db, options)).toEqual(expected);
    }

    const topicId = first?.id ?? 0;
    const messages = await listTopicMessagesWithAuthorsQuery(ctx.db, topicId, { limit: 10 }).execute();
    const replyIds = messages.map((message) => message.id).filter((id) => id !== topicId);
    expect(replyIds).toHaveLength(5);
    expect((await listRepliesWithAuthors(ctx.db, topicId, { limit: 2 })).map((row) => row.id)).toEqual(
      replyIds.slice(0, 2),
    );
    expect(
      (await listRepliesWithAuthors(ctx.db, topicId, { before: replyIds[1], limit: 10 })).map(
        (row) => row.id,
      ),
    ).toEqual(replyIds.slice(2));
    for (const topic of topics) {
      const row = await findTopicWithMainMessageQuery(ctx.db, topic.id).executeTakeFirstOrThrow();
      // Fewer, as many and more replies than the topic has: the main message is never one of them.
      for (const limit of [1, 4, 5, 6, 10]) {
        const page = await findTopicPage(ctx.db, topic.id, limit);
        expect(page?.topic).toMatchObject({
          id: topic.id,
          forum_id: topic.forum_id,
          subject: row.topic_subject,
          replies: row.topic_replies,
          timestamp: row.topic_timestamp,
        });
        expect(page?.main).toMatchObject({ id: topic.id, content: row.content, like_ids: row.like_ids });
        expect(page?.newestReplies).toEqual(await listRepliesWithAuthors(ctx.db, topic.id, { limit }));
      }
    }
    expect((await findTopicPage(ctx.db, topicId, 10))?.newestReplies.map((row) => row.id)).toEqual(replyIds);
    expect(await findTopicPage(ctx.db, topicId + 1_000, 10)).toBeUndefined();
    // A reply's id is no topic's: it has no head.
    expect(await findTopicPage(ctx.db, replyIds[0] ?? 0, 10)).toBeUndefined();
  });
});
