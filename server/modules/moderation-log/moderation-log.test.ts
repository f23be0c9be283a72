import { beforeAll, describe, expect, it } from 'vitest';
import type { ModerationEntry, ModerationLogResponse } from '../../../shared/schemas/moderation-log';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient, json } from '../../test/http';
import { insertReport } from '../reports/reports.repository';

describeEachDatabase('moderation log', (ctx) => {
  const api = () => apiClient(ctx.app);
  let admin: TestUser;
  let author: TestUser;
  let member: TestUser;

  const as = (user: TestUser) => ({ token: user.token });
  const entryCount = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('moderation_log')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  /** Runs an action and answers the entries it wrote, newest first. */
  const entriesOf = async (action: () => Promise<{ statusCode: number }>, status = 200) => {
    const before = await entryCount();
    const response = await action();
    expect(response.statusCode).toBe(status);
    const rows = await ctx.db
      .selectFrom('moderation_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit((await entryCount()) - before)
      .execute();
    return rows;
  };
  const topic = (subject = 'נושא לבדיקה', content = '<p>הודעה ראשית</p>') =>
    createTopic(ctx.db, { userId: author.user.id, subject, content });

  beforeAll(async () => {
    admin = await createUser(ctx.db, { admin: true });
    author = await createUser(ctx.db);
    member = await createUser(ctx.db);
  });

  describe('each admin action writes one entry in its transaction', () => {
    it('move: the forums it left and joined; a move to an unknown forum writes none', async () => {
      const { topic: row } = await topic('נושא שעובר');
      const rows = await entriesOf(() =>
        api().put('/api/topic/move', { topicId: row.id, forumId: 2 }, as(admin)),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'topic_moved',
        admin_id: admin.user.id,
        topic_id: row.id,
        forum_id: 2,
      });
      expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({ fromForumId: 1, subject: 'נושא שעובר' });
      expect(
        await entriesOf(
          () => api().put('/api/topic/move', { topicId: row.id, forumId: 9999 }, as(admin)),
          404,
        ),
      ).toHaveLength(0);
    });

    it('subject edit: the subject before and after', async () => {
      const { topic: row } = await topic('שם ישן');
      const rows = await entriesOf(() =>
        api().put('/api/topic/subject', { topicId: row.id, subject: 'שם חדש' }, as(admin)),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'topic_renamed', before_text: 'שם ישן', after_text: 'שם חדש' });
    });

    it('image refresh: the image names in the details', async () => {
      const { topic: row } = await topic();
      const rows = await entriesOf(() => api().get(`/api/topic/image/${row.id}`, as(admin)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'topic_image_refreshed', topic_id: row.id });
      expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({ imageBefore: 'test-topic-big.webp' });
    });

    it('topic delete: the main message’s last text', async () => {
      const { topic: row } = await topic('נושא למחיקה', '<p>טקסט אחרון של הנושא</p>');
      const rows = await entriesOf(() => api().delete(`/api/topic/${row.id}`, as(admin)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'topic_deleted', user_id: author.user.id, message_id: row.id });
      expect(rows[0]?.before_text).toContain('טקסט אחרון של הנושא');
    });

    it('editing another user’s message: before and after; an admin’s own message writes none', async () => {
      const { topic: row } = await topic();
      const reply = await createReply(ctx.db, {
        topicId: row.id,
        userId: author.user.id,
        content: '<p>לפני</p>',
      });
      const rows = await entriesOf(() =>
        api().put('/api/message/', { messageId: reply.id, content: '<p>אחרי</p>' }, as(admin)),
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'message_edited',
        message_id: reply.id,
        user_id: author.user.id,
      });
      expect(rows[0]?.before_text).toContain('לפני');
      expect(rows[0]?.after_text).toContain('אחרי');

      const own = await createReply(ctx.db, { topicId: row.id, userId: admin.user.id });
      expect(
        await entriesOf(() =>
          api().put('/api/message/', { messageId: own.id, content: '<p>שלי</p>' }, as(admin)),
        ),
      ).toHaveLength(0);
      expect(await entriesOf(() => api().delete(`/api/message/${own.id}`, as(admin)))).toHaveLength(0);
    });

    it('an author editing or deleting their own message writes none', async () => {
      const { topic: row } = await topic();
      const reply = await createReply(ctx.db, { topicId: row.id, userId: author.user.id });
      expect(
        await entriesOf(() =>
          api().put('/api/message/', { messageId: reply.id, content: '<p>שונה</p>' }, as(author)),
        ),
      ).toHaveLength(0);
      expect(await entriesOf(() => api().delete(`/api/message/${reply.id}`, as(author)))).toHaveLength(0);
    });

    it('deleting another user’s message keeps its last text', async () => {
      const { topic: row } = await topic();
      const reply = await createReply(ctx.db, {
        topicId: row.id,
        userId: author.user.id,
        content: '<p>מילים אחרונות</p>',
      });
      const rows = await entriesOf(() => api().delete(`/api/message/${reply.id}`, as(admin)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'message_deleted', message_id: reply.id, topic_id: row.id });
      expect(rows[0]?.before_text).toContain('מילים אחרונות');
    });

    it('closing a report: the message text and the reason; closing it again writes none', async () => {
      const { topic: row } = await topic();
      const reply = await createReply(ctx.db, {
        topicId: row.id,
        userId: author.user.id,
        content: '<p>מדווח</p>',
      });
      const report = await insertReport(ctx.db, {
        messageId: reply.id,
        content: 'סיבה לדיווח',
        email: 'r@example.test',
        reporterUserId: null,
        timestamp: ctx.clock.now(),
      });
      const rows = await entriesOf(() => api().delete(`/api/messageReport/${report.id}`, as(admin)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'report_closed', message_id: reply.id });
      expect(rows[0]?.before_text).toContain('מדווח');
      expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({
        reportId: report.id,
        reason: 'סיבה לדיווח',
      });
      expect(await entriesOf(() => api().delete(`/api/messageReport/${report.id}`, as(admin)))).toHaveLength(
        0,
      );
    });

    it('closing a report with its message deleted: one entry for each step', async () => {
      const { topic: row } = await topic();
      const reply = await createReply(ctx.db, {
        topicId: row.id,
        userId: author.user.id,
        content: '<p>ימחק</p>',
      });
      const report = await insertReport(ctx.db, {
        messageId: reply.id,
        content: 'סיבה לדיווח',
        email: 'r@example.test',
        reporterUserId: null,
        timestamp: ctx.clock.now(),
      });
      const deleted = await entriesOf(() => api().delete(`/api/message/${reply.id}`, as(admin)));
      expect(deleted.map((entry) => entry.action)).toEqual(['message_deleted']);
      const closed = await entriesOf(() => api().delete(`/api/messageReport/${report.id}`, as(admin)));
      expect(closed).toHaveLength(1);
      expect(closed[0]).toMatchObject({ action: 'report_closed', before_text: null });
      expect(JSON.parse(closed[0]?.details ?? '{}')).toMatchObject({ messageDeleted: 1 });
    });

    it('forum merge and delete; a refused delete writes none', async () => {
      const created = json<{ id: number }>(
        await api().post('/api/admin/forums', { name: 'פורום זמני', icon: '🎲', description: '' }, as(admin)),
      );
      await topic().then(({ topic: row }) =>
        ctx.db.updateTable('topics').set({ forum_id: created.id }).where('id', '=', row.id).execute(),
      );
      expect(
        await entriesOf(() => api().delete(`/api/admin/forums/${created.id}`, as(admin)), 409),
      ).toHaveLength(0);
      const merged = await entriesOf(() =>
        api().post(`/api/admin/forums/${created.id}/merge`, { into: 1 }, as(admin)),
      );
      expect(merged).toHaveLength(1);
      expect(merged[0]).toMatchObject({ action: 'forum_merged', forum_id: 1 });
      expect(JSON.parse(merged[0]?.details ?? '{}')).toMatchObject({
        fromForumName: 'פורום זמני',
        movedTopics: 1,
      });

      const empty = json<{ id: number }>(
        await api().post('/api/admin/forums', { name: 'פורום ריק', icon: '🎲', description: '' }, as(admin)),
      );
      const removed = await entriesOf(() => api().delete(`/api/admin/forums/${empty.id}`, as(admin)));
      expect(removed).toHaveLength(1);
      expect(removed[0]).toMatchObject({ action: 'forum_deleted', forum_id: empty.id });
    });

    it('suspension, its lifting, deleting the member’s messages and the admin role', async () => {
      const target = await createUser(ctx.db);
      const { topic: own } = await createTopic(ctx.db, {
        userId: target.user.id,
        content: '<p>של המושעה</p>',
      });
      const elsewhere = await topic();
      await createReply(ctx.db, {
        topicId: elsewhere.topic.id,
        userId: target.user.id,
        content: '<p>תגובת המושעה</p>',
      });

      const suspended = await entriesOf(() =>
        api().post(
          `/api/admin/users/${target.user.id}/suspension`,
          { until: null, reason: 'ספאם' },
          as(admin),
        ),
      );
      expect(suspended).toHaveLength(1);
      expect(suspended[0]).toMatchObject({
        action: 'member_suspended',
        user_id: target.user.id,
        after_text: 'ספאם',
      });

      const purge = await entriesOf(() =>
        api().post(`/api/admin/users/${target.user.id}/delete-messages`, {}, as(admin)),
      );
      expect(purge.map((entry) => entry.action)).toEqual([
        'member_messages_deleted',
        'topic_deleted',
        'message_deleted',
      ]);
      expect(purge[1]).toMatchObject({ topic_id: own.id });
      expect(purge[2]?.before_text).toContain('תגובת המושעה');

      const lifted = await entriesOf(() =>
        api().delete(`/api/admin/users/${target.user.id}/suspension`, as(admin)),
      );
      expect(lifted).toHaveLength(1);
      expect(lifted[0]).toMatchObject({ action: 'member_unsuspended', before_text: 'ספאם' });

      const granted = await entriesOf(() =>
        api().put(`/api/admin/users/${target.user.id}/admin`, { isAdmin: true }, as(admin)),
      );
      expect(granted.map((entry) => entry.action)).toEqual(['admin_granted']);
      const revoked = await entriesOf(() =>
        api().put(`/api/admin/users/${target.user.id}/admin`, { isAdmin: false }, as(admin)),
      );
      expect(revoked.map((entry) => entry.action)).toEqual(['admin_revoked']);
      // Setting the role a member already has changes nothing and records nothing.
      expect(
        await entriesOf(() =>
          api().put(`/api/admin/users/${target.user.id}/admin`, { isAdmin: false }, as(admin)),
        ),
      ).toHaveLength(0);
    });
  });

  describe('GET /api/moderation-log', () => {
    it.each(['/api/moderation-log', '/api/moderation-log/more/5'])(
      '%s: 401 for a guest, 403 for a user',
      async (url) => {
        expect((await api().get(url)).statusCode).toBe(401);
        const refused = await api().get(url, as(member));
        expect(refused.statusCode).toBe(403);
        expect(json<{ error: string }>(refused).error).toBe('forbidden');
      },
    );

    it('answers admins the newest 7 with usernames and the topic link, then 7 more by keyset', async () => {
      await ctx.db.deleteFrom('moderation_log').execute();
      const { topic: row } = await topic('נושא ברשימה');
      for (let index = 0; index < 9; index += 1) {
        await api().put('/api/topic/subject', { topicId: row.id, subject: `שם ${index}` }, as(admin));
      }
      const first = await api().get('/api/moderation-log', as(admin));
      expect(first.statusCode).toBe(200);
      const page = json<ModerationLogResponse>(first);
      expect(page.entries).toHaveLength(7);
      expect(page.hasMoreEntries).toBe(true);
      expect(page.entries[0]).toMatchObject<Partial<ModerationEntry>>({
        action: 'topic_renamed',
        adminId: admin.user.id,
        beforeText: 'שם 7',
        afterText: 'שם 8',
        topic: { id: row.id, subject: 'שם 8', link: `/topic/${row.id}` },
      });
      expect(page.users.map((user) => user.username)).toContain(admin.user.username);
      const ids = page.entries.map((entry) => entry.id);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);

      const last = ids.at(-1) ?? 0;
      const more = json<ModerationLogResponse>(
        await api().get(`/api/moderation-log/more/${last}`, as(admin)),
      );
      expect(more.entries.map((entry) => entry.beforeText)).toEqual(['שם 0', 'נושא ברשימה']);
      expect(more.hasMoreEntries).toBe(false);
      expect(more.entries.every((entry) => entry.id < last)).toBe(true);
    });

    it('a deleted topic’s entry has no link but keeps its last text', async () => {
      await ctx.db.deleteFrom('moderation_log').execute();
      const { topic: row } = await topic('ייעלם', '<p>טקסט שנשמר</p>');
      await api().delete(`/api/topic/${row.id}`, as(admin));
      const page = json<ModerationLogResponse>(await api().get('/api/moderation-log', as(admin)));
      expect(page.entries[0]).toMatchObject({
        action: 'topic_deleted',
        topic: null,
        details: { subject: 'ייעלם' },
      });
      expect(page.entries[0]?.beforeText).toContain('טקסט שנשמר');
    });
  });
});
