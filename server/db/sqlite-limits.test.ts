import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { createReply, createTopic, createUser } from '../test/factories';
import { apiClient } from '../test/http';
import { countStatements } from '../test/statements';

describeEachDatabase('LIMIT in the SQL text', (ctx) => {
  it('writes an integer limit into SQLite’s SQL and binds it on PostgreSQL, with the same rows', async () => {
    for (let made = 0; made < 3; made += 1) await createUser(ctx.db);
    const query = ctx.db.selectFrom('users').select('id').orderBy('id').limit(2);
    const compiled = query.compile();
    if (ctx.kind === 'sqlite') {
      expect(compiled.sql).toMatch(/ limit 2$/);
      expect(compiled.parameters).toEqual([]);
    } else {
      expect(compiled.sql).toMatch(/ limit \$1$/);
      expect(compiled.parameters).toEqual([2]);
    }
    expect(await query.execute()).toHaveLength(2);
    expect(await ctx.db.selectFrom('users').select('id').limit(0).execute()).toEqual([]);
  });

  it('binds no LIMIT in any statement of the read endpoints on SQLite (each would be prepared again)', async () => {
    if (ctx.kind !== 'sqlite') return;
    const { user, token } = await createUser(ctx.db);
    const now = ctx.clock.now();
    const topic = await createTopic(ctx.db, {
      userId: user.id,
      forumId: 4,
      subject: 'עגבניות שרי במרפסת',
      now,
    });
    await createTopic(ctx.db, { userId: user.id, forumId: 4, subject: 'עגבניות בגינה', now: now + 1 });
    const replies = [];
    for (let made = 0; made < 10; made += 1)
      replies.push(
        await createReply(ctx.db, { topicId: topic.topic.id, userId: user.id, now: now + 2 + made }),
      );
    const api = apiClient(ctx.app);
    const paths = [
      '/api/home',
      `/api/home/more/${now + 1}`,
      '/api/forum/4',
      `/api/forum/4/more/${now + 1}`,
      `/api/topic/${topic.topic.id}`,
      `/api/topic/${topic.topic.id}/more/${replies[3]?.id}`,
      `/api/search/${encodeURIComponent('עגבניות')}`,
      `/api/search/${encodeURIComponent('תגובה')}`,
      `/api/recommendations/${topic.topic.id}`,
    ];
    const { result, sqliteTexts } = await countStatements(() =>
      Promise.all(paths.map((path) => api.get(path, { token }))),
    );
    expect(result.map((answer) => answer.statusCode)).toEqual(paths.map(() => 200));
    expect(sqliteTexts.filter((text) => /limit \d+/i.test(text)).length).toBeGreaterThanOrEqual(paths.length);
    expect(sqliteTexts.filter((text) => /limit\s*\?/i.test(text))).toEqual([]);
  });
});
