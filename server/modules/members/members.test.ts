import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { solvedCaptcha } from '../../test/captcha';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';

const PASSWORD = 'correct-horse-battery';
const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase(
  'members: /api/admin/users…',
  (ctx) => {
    let admin: TestUser;
    let user: TestUser;
    const api = () => apiClient(ctx.app);

    /** A user who can log in with PASSWORD. */
    const withPassword = (options: { username?: string; email?: string } = {}) =>
      createUser(ctx.db, { now: ctx.clock.now(), ...options, password: PASSWORD });
    const login = async (email: string) =>
      api().post('/api/login', { email, password: PASSWORD, captcha: await solvedCaptcha(ctx.app) });

    beforeAll(async () => {
      admin = await createUser(ctx.db, { admin: true, now: ctx.clock.now() });
      user = await createUser(ctx.db, { now: ctx.clock.now() });
    });

    it('refuses every member operation to a guest (401) and to a user who is not an admin (403)', async () => {
      const id = user.user.id;
      const calls = (token?: string) => [
        api().get('/api/admin/users?q=a', { token }),
        api().get(`/api/admin/users/${id}`, { token }),
        api().post(`/api/admin/users/${id}/suspension`, { until: null, reason: 'ספאם' }, { token }),
        api().delete(`/api/admin/users/${id}/suspension`, { token }),
        api().post(`/api/admin/users/${id}/delete-messages`, {}, { token }),
        api().put(`/api/admin/users/${id}/admin`, { isAdmin: true }, { token }),
      ];
      for (const response of await Promise.all(calls())) expect(response.statusCode).toBe(401);
      for (const response of await Promise.all(calls(user.token))) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe('forbidden');
      }
      const unchanged = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(unchanged).toMatchObject({ is_admin: 0, suspended_until: null });
    });

    it('finds members by name or email, 7 at a time by name, with keyset cursors', async () => {
      const names: string[] = [];
      for (let index = 0; index < 16; index += 1) {
        const name = `Zebra${String(index).padStart(2, '0')}`;
        names.push(name.toLowerCase());
        await createUser(ctx.db, { username: name, email: `stripe${index}@zoo.test`, now: ctx.clock.now() });
      }
      const seen: string[] = [];
      let after: string | undefined;
      const pages: number[] = [];
      for (;;) {
        const query = `/api/admin/users?q=ZEBRA${after ? `&after=${encodeURIComponent(after)}` : ''}`;
        const page = (await api().get(query, { token: admin.token })).json();
        pages.push(page.users.length);
        seen.push(...page.users.map((member: { username: string }) => member.username.toLowerCase()));
        expect(page.hasMore).toBe(page.next !== null);
        if (!page.hasMore) break;
        after = page.next;
      }
      expect(pages).toEqual([7, 7, 2]);
      expect(seen).toEqual(names);
      const byEmail = (await api().get('/api/admin/users?q=stripe1', { token: admin.token })).json();
      expect(byEmail.users.map((member: { email: string }) => member.email)).toEqual(
        expect.arrayContaining(['stripe1@zoo.test', 'stripe10@zoo.test']),
      );
      expect(byEmail.users).toHaveLength(7);
      const wildcard = (await api().get('/api/admin/users?q=%25', { token: admin.token })).json();
      expect(wildcard.users).toEqual([]);
    });

    it('shows when a member joined and how many messages they wrote', async () => {
      const writer = await createUser(ctx.db, { username: 'כותבת', now: Date.UTC(2025, 5, 1) });
      const { topic } = await createTopic(ctx.db, { userId: writer.user.id });
      await createReply(ctx.db, { topicId: topic.id, userId: writer.user.id });
      const member = (await api().get(`/api/admin/users/${writer.user.id}`, { token: admin.token })).json();
      expect(member).toMatchObject({
        username: 'כותבת',
        joinedAt: Date.UTC(2025, 5, 1),
        messages: 2,
        isAdmin: false,
        suspension: null,
        deleted: false,
      });
      expect((await api().get('/api/admin/users/999999', { token: admin.token })).statusCode).toBe(404);
    });

    it('suspends a member: sessions end at once, writes are refused, login answers the end date', async () => {
      const member = await withPassword();
      const { topic } = await createTopic(ctx.db, { userId: user.user.id });
      const until = ctx.clock.now() + 3 * DAY;
      const suspended = await api().post(
        `/api/admin/users/${member.user.id}/suspension`,
        { until, reason: 'הודעות פרסום' },
        { token: admin.token },
      );
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json().suspension).toEqual({ until, reason: 'הודעות פרסום' });
      const sessions = await ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', member.user.id)
        .execute();
      expect(sessions).toEqual([]);

      const write = await api().post(
        '/api/message',
        { topicId: topic.id, content: '<p>שלום</p>' },
        { token: member.token },
      );
      expect(write.statusCode).toBe(401);
      expect((await api().get('/api/validate-token', { token: member.token })).statusCode).toBe(401);

      const refused = await login(member.user.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'suspended', until, reason: 'הודעות פרסום' });
      expect(refused.json().message).toBe('החשבון שלך הושעה עד 04/01/2026. סיבה: הודעות פרסום');

      // A session made in a race with the suspension (the row says suspended, the session lives)
      // still counts for nothing: the auth plugin checks the suspension on every request.
      const racer = await createUser(ctx.db, { now: ctx.clock.now() });
      await ctx.db
        .updateTable('users')
        .set({ suspended_until: until })
        .where('id', '=', racer.user.id)
        .execute();
      const late = await api().post(
        '/api/message',
        { topicId: topic.id, content: '<p>שלום</p>' },
        { token: racer.token },
      );
      expect(late.statusCode).toBe(401);

      ctx.clock.advance(3 * DAY + 1);
      expect((await login(member.user.email)).statusCode).toBe(200);
      const after = (await api().get(`/api/admin/users/${member.user.id}`, { token: admin.token })).json();
      expect(after.suspension).toBeNull();
    });

    it('suspends for good, and lifts a suspension', async () => {
      const member = await withPassword();
      const forever = await api().post(
        `/api/admin/users/${member.user.id}/suspension`,
        { until: null, reason: 'הטרדה' },
        { token: admin.token },
      );
      expect(forever.json().suspension).toEqual({ until: null, reason: 'הטרדה' });
      const refused = await login(member.user.email);
      expect(refused.json()).toMatchObject({ error: 'suspended_forever', until: null });
      expect(refused.json().message).toContain('לצמיתות');
      const lifted = await api().delete(`/api/admin/users/${member.user.id}/suspension`, {
        token: admin.token,
      });
      expect(lifted.json().suspension).toBeNull();
      expect((await login(member.user.email)).statusCode).toBe(200);
    });

    it('refuses to suspend oneself, an admin, or until a time already past', async () => {
      const self = await api().post(
        `/api/admin/users/${admin.user.id}/suspension`,
        { until: null, reason: 'בדיקה' },
        { token: admin.token },
      );
      expect(self.json().error).toBe('cannot_suspend_self');
      const other = await createUser(ctx.db, { admin: true });
      const anAdmin = await api().post(
        `/api/admin/users/${other.user.id}/suspension`,
        { until: null, reason: 'בדיקה' },
        { token: admin.token },
      );
      expect(anAdmin.statusCode).toBe(409);
      expect(anAdmin.json().error).toBe('cannot_suspend_admin');
      const past = await api().post(
        `/api/admin/users/${user.user.id}/suspension`,
        { until: ctx.clock.now() - 1, reason: 'בדיקה' },
        { token: admin.token },
      );
      expect(past.json().error).toBe('suspension_end_past');
      const noReason = await api().post(
        `/api/admin/users/${user.user.id}/suspension`,
        { until: null, reason: '' },
        { token: admin.token },
      );
      expect(noReason.statusCode).toBe(400);
      await ctx.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', other.user.id).execute();
    });

    it("deletes a suspended member's messages in one step, keeping reply counts and previews right", async () => {
      const spammer = await createUser(ctx.db);
      const honest = await createUser(ctx.db);
      const own = await createTopic(ctx.db, { userId: spammer.user.id });
      await createReply(ctx.db, { topicId: own.topic.id, userId: honest.user.id });
      const other = await createTopic(ctx.db, { userId: honest.user.id, content: '<p>ראשית</p>' });
      await createReply(ctx.db, {
        topicId: other.topic.id,
        userId: spammer.user.id,
        content: '<p>ספאם 1</p>',
      });
      const kept = await createReply(ctx.db, {
        topicId: other.topic.id,
        userId: honest.user.id,
        content: '<p>נשארת</p>',
      });
      await createReply(ctx.db, {
        topicId: other.topic.id,
        userId: spammer.user.id,
        content: '<p>ספאם 2</p>',
      });

      const notYet = await api().post(
        `/api/admin/users/${spammer.user.id}/delete-messages`,
        {},
        { token: admin.token },
      );
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json().error).toBe('not_suspended');

      await api().post(
        `/api/admin/users/${spammer.user.id}/suspension`,
        { until: null, reason: 'ספאם' },
        { token: admin.token },
      );
      const deleted = await api().post(
        `/api/admin/users/${spammer.user.id}/delete-messages`,
        {},
        { token: admin.token },
      );
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ deletedTopics: 1, deletedMessages: 2 });

      expect((await api().get(`/api/topic/${own.topic.id}`)).statusCode).toBe(404);
      const page = (await api().get(`/api/topic/${other.topic.id}`)).json();
      expect(page.post.replies).toBe(1);
      expect(page.messages.map((message: { id: number }) => message.id)).toEqual([kept.id]);
      const remaining = await ctx.db
        .selectFrom('messages')
        .select('id')
        .where('user_id', '=', spammer.user.id)
        .execute();
      expect(remaining).toEqual([]);
    });

    it('makes a member an admin and takes it back, but never from the last admin', async () => {
      const second = await createUser(ctx.db);
      const made = await api().put(
        `/api/admin/users/${second.user.id}/admin`,
        { isAdmin: true },
        { token: admin.token },
      );
      expect(made.json().isAdmin).toBe(true);
      expect((await api().get('/api/admin/users?q=', { token: second.token })).statusCode).toBe(200);
      const back = await api().put(
        `/api/admin/users/${second.user.id}/admin`,
        { isAdmin: false },
        { token: admin.token },
      );
      expect(back.json().isAdmin).toBe(false);
      const last = await api().put(
        `/api/admin/users/${admin.user.id}/admin`,
        { isAdmin: false },
        { token: admin.token },
      );
      expect(last.statusCode).toBe(409);
      expect(last.json()).toMatchObject({ error: 'last_admin' });
      expect(last.json().message).toMatch(/[\u0590-\u05FF]/);
      // With another admin, stepping down is fine.
      await api().put(`/api/admin/users/${second.user.id}/admin`, { isAdmin: true }, { token: admin.token });
      const down = await api().put(
        `/api/admin/users/${admin.user.id}/admin`,
        { isAdmin: false },
        { token: admin.token },
      );
      expect(down.json().isAdmin).toBe(false);
      await ctx.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.user.id).execute();
    });
  },
  { config: { RATE_LIMITS: 'login.ip=1000/60,login.email=1000/60' } },
);
