import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';

describeEachDatabase('admin forums: /api/admin/forums…', (ctx) => {
  let admin: TestUser;
  let user: TestUser;
  const api = () => apiClient(ctx.app);
  const forumIds = async () => ((await api().get('/api/forums')).json() as { id: number }[]).map((f) => f.id);

  beforeAll(async () => {
    admin = await createUser(ctx.db, { admin: true });
    user = await createUser(ctx.db);
  });

  it('refuses every operation to a guest (401) and to a user who is not an admin (403)', async () => {
    const calls = [
      () => api().get('/api/admin/forums', opts()),
      () => api().post('/api/admin/forums', { name: 'x', icon: '🎲', description: '' }, opts()),
      () => api().put('/api/admin/forums/1', { name: 'x' }, opts()),
      () => api().put('/api/admin/forums/order', { ids: [1] }, opts()),
      () => api().post('/api/admin/forums/2/merge', { into: 1 }, opts()),
      () => api().delete('/api/admin/forums/2', opts()),
    ];
    let opts = (): { token?: string } => ({});
    for (const call of calls) expect((await call()).statusCode).toBe(401);
    opts = () => ({ token: user.token });
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('forbidden');
    }
    expect(await forumIds()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('creates a forum with a Twemoji icon and a description, placed last', async () => {
    const created = await api().post(
      '/api/admin/forums',
      { name: '  משחקי קופסה ', icon: '🎲', description: 'שחמט, שש-בש ועוד' },
      { token: admin.token },
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: 11,
      name: 'משחקי קופסה',
      icon: '🎲',
      description: 'שחמט, שש-בש ועוד',
    });
    const forums = (await api().get('/api/forums')).json();
    expect(forums.at(-1)).toEqual(created.json());
  });

  it('refuses an icon that is not one emoji, and a name of two lines', async () => {
    for (const icon of ['abc', '🎲🎲', 'א']) {
      const response = await api().post(
        '/api/admin/forums',
        { name: 'x', icon, description: '' },
        { token: admin.token },
      );
      expect(response.statusCode, icon).toBe(400);
      expect(response.json().error).toBe('forum_icon_invalid');
    }
    const twoLines = await api().post(
      '/api/admin/forums',
      { name: 'א\nב', icon: '🎲', description: '' },
      { token: admin.token },
    );
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().message).toMatch(/[\u0590-\u05FF]/);
  });

  it('renames a forum, changes its icon and description; an unknown forum is a 404', async () => {
    const renamed = await api().put('/api/admin/forums/11', { name: 'קופסאות' }, { token: admin.token });
    expect(renamed.json()).toMatchObject({ id: 11, name: 'קופסאות', icon: '🎲' });
    const iconed = await api().put(
      '/api/admin/forums/11',
      { icon: '😀', description: 'תיאור חדש' },
      { token: admin.token },
    );
    expect(iconed.json()).toEqual({ id: 11, name: 'קופסאות', icon: '😀', description: 'תיאור חדש' });
    const missing = await api().put('/api/admin/forums/999', { name: 'x' }, { token: admin.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('forum_not_found');
  });

  it('reorders the forums: /api/forums follows the order, ids unchanged; a partial order is refused', async () => {
    const order = [11, 3, 1, 2, 4, 5, 6, 7, 8, 9, 10];
    const response = await api().put('/api/admin/forums/order', { ids: order }, { token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((forum: { id: number }) => forum.id)).toEqual(order);
    expect(await forumIds()).toEqual(order);
    for (const ids of [
      [11, 3],
      [...order, 11],
      [...order.slice(1), 99],
    ]) {
      const refused = await api().put('/api/admin/forums/order', { ids }, { token: admin.token });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('forum_order_invalid');
    }
    expect(await forumIds()).toEqual(order);
  });

  it('refuses to delete a forum that holds topics, and deletes an empty one', async () => {
    await createTopic(ctx.db, { userId: user.user.id, forumId: 11 });
    const refused = await api().delete('/api/admin/forums/11', { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'forum_not_empty' });
    const deleted = await api().delete('/api/admin/forums/10', { token: admin.token });
    expect(deleted.statusCode).toBe(200);
    expect(await forumIds()).not.toContain(10);
    expect((await api().get('/api/forum/10')).statusCode).toBe(404);
  });

  it('merges a forum into another: its topics move, the forum goes, counts follow', async () => {
    const before = (await api().get('/api/admin/forums', { token: admin.token })).json();
    const topicsIn = (id: number) => before.find((forum: { id: number }) => forum.id === id).topics;
    await createTopic(ctx.db, { userId: user.user.id, forumId: 11 });
    expect(topicsIn(11)).toBe(1);
    const itself = await api().post('/api/admin/forums/11/merge', { into: 11 }, { token: admin.token });
    expect(itself.json().error).toBe('forum_merge_into_itself');
    // Past PostgreSQL's integer: refused as invalid on both databases, not a 500 on one.
    const huge = await api().post('/api/admin/forums/11/merge', { into: 2 ** 31 }, { token: admin.token });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('מזהה הפורום לא תקין');
    const unknown = await api().post('/api/admin/forums/11/merge', { into: 999 }, { token: admin.token });
    expect(unknown.statusCode).toBe(404);
    const merged = await api().post('/api/admin/forums/11/merge', { into: 9 }, { token: admin.token });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ movedTopics: 2, forum: { id: 9 } });
    expect(await forumIds()).not.toContain(11);
    const forumPage = (await api().get('/api/forum/9')).json();
    expect(forumPage.posts).toHaveLength(2);
    expect(forumPage.posts.every((post: { forumId: number }) => post.forumId === 9)).toBe(true);
  });

  it('a merge waits for a topic being written into the forum and moves it too (PostgreSQL)', async () => {
    if (ctx.kind !== 'postgres') return;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const inserted = new Promise<void>((resolve) => {
      started = resolve;
    });
    // A topic's transaction that has inserted into forum 8 and not yet committed.
    const writer = ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('topics')
        .values({
          id: 900_001,
          forum_id: 8,
          user_id: user.user.id,
          subject: 'באמצע',
          subject_search: 'באמצע',
          image: 'x-big.webp',
          preview: '',
          replies: 0,
          created_at: 0,
          timestamp: 900_001,
        })
        .execute();
      started();
      await held;
    });
    await inserted;
    const merging = api().post('/api/admin/forums/8/merge', { into: 7 }, { token: admin.token });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await writer;
    const merged = await merging;
    expect(merged.statusCode).toBe(200);
    expect(merged.json().movedTopics).toBe(1);
    const moved = await ctx.db
      .selectFrom('topics')
      .select('forum_id')
      .where('id', '=', 900_001)
      .executeTakeFirst();
    expect(moved?.forum_id).toBe(7);
  });

  it('a topic written into a forum while it is being deleted or merged gets a 404, never a 500 (PostgreSQL)', async () => {
    if (ctx.kind !== 'postgres') return;
    const created = await api().post(
      '/api/admin/forums',
      { name: 'נמחק באמצע', icon: '🧹', description: '' },
      { token: admin.token },
    );
    const forumId: number = created.json().id;
    const elsewhere = await createTopic(ctx.db, { userId: user.user.id, forumId: 1 });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const deleted = new Promise<void>((resolve) => {
      started = resolve;
    });
    // The deletion has locked and removed the forum and not yet committed.
    const deleter = ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('forums').select('id').where('id', '=', forumId).forUpdate().execute();
      await trx.deleteFrom('forums').where('id', '=', forumId).execute();
      started();
      await held;
    });
    await deleted;
    const body = { subject: 'נושא באמצע מחיקה', message: '<p>תוכן</p>', forumId };
    const posting = api().post('/api/topic', body, { token: user.token });
    const moving = api().put(
      '/api/topic/move',
      { topicId: elsewhere.topic.id, forumId },
      { token: admin.token },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await deleter;
    for (const response of [await posting, await moving]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('forum_not_found');
    }
    const orphans = await ctx.db.selectFrom('topics').select('id').where('forum_id', '=', forumId).execute();
    expect(orphans).toEqual([]);
  });

  it('marks every admin and own-data operation as an addition to the spec in the OpenAPI document', async () => {
    const document = (await api().get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const additions = Object.entries(document.paths).filter(([path]) =>
      /^\/api\/(admin|me)(\/|$)/.test(path),
    );
    expect(additions.length).toBeGreaterThanOrEqual(12);
    for (const [path, operations] of additions) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.description, `${method} ${path}`).toMatch(/addition to docs\/product.md/i);
      }
    }
  });
});
