import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser } from '../../test/factories';
import {
  findMessageWithAuthor,
  listRepliesWithAuthors,
  listTopicsWithAuthors,
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

    const main = await findMessageWithAuthor(ctx.db, topic.id);
    const [reply] = await listRepliesWithAuthors(ctx.db, topic.id, { limit: 1 });
    for (const message of [main, reply]) {
      expect(message).not.toHaveProperty('content_search');
      expect(message).not.toHaveProperty('updated_at');
      expect(message?.author_username).toBe(user.username);
    }
  });
});
