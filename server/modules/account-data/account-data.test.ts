import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { solvedCaptcha } from '../../test/captcha';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { DELETED_USER_NAME, USERNAME_HOLD_MS } from './account-data.service';

const PASSWORD = 'correct-horse-battery';

describeEachDatabase(
  'a member’s own data: GET /api/me/export, DELETE /api/me',
  (ctx) => {
    let admin: TestUser;
    let other: TestUser;
    const api = () => apiClient(ctx.app);

    const withPassword = (options: { username?: string; admin?: boolean } = {}) =>
      createUser(ctx.db, { now: ctx.clock.now(), ...options, password: PASSWORD });
    const deleteMe = (token: string | undefined, body: unknown) => api().delete('/api/me', { token }, body);

    beforeAll(async () => {
      admin = await withPassword({ admin: true });
      other = await createUser(ctx.db, { now: ctx.clock.now() });
    });

    it('refuses a guest both calls', async () => {
      expect((await api().get('/api/me/export')).statusCode).toBe(401);
      expect((await deleteMe(undefined, { password: PASSWORD })).statusCode).toBe(401);
    });

    it('exports the profile, topics, messages, likes and reading places of the caller only', async () => {
      const me = await withPassword();
      const { topic } = await createTopic(ctx.db, { userId: me.user.id, subject: 'הנושא שלי', forumId: 2 });
      const othersTopic = await createTopic(ctx.db, { userId: other.user.id });
      const reply = await createReply(ctx.db, {
        topicId: othersTopic.topic.id,
        userId: me.user.id,
        content: '<p>תגובה שלי</p>',
      });
      await createReply(ctx.db, { topicId: othersTopic.topic.id, userId: other.user.id });
      await api().get(`/api/message/like/${othersTopic.mainMessage.id}`, { token: me.token });
      await api().post(
        '/api/notifications/read',
        { topicId: othersTopic.topic.id, messageIds: [reply.id] },
        { token: me.token },
      );

      const response = await api().get('/api/me/export', { token: me.token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain('attachment');
      expect(response.headers['cache-control']).toBe('no-store');
      const data = response.json();
      expect(data.profile).toMatchObject({
        id: me.user.id,
        username: me.user.username,
        email: me.user.email,
        birthdate: '1995-01-01',
        isAdmin: false,
      });
      expect(data.topics).toEqual([
        expect.objectContaining({ id: topic.id, subject: 'הנושא שלי', forumId: 2 }),
      ]);
      expect(data.messages.map((message: { id: number }) => message.id)).toEqual([topic.id, reply.id]);
      expect(data.messages[1].content).toBe('<p>תגובה שלי</p>');
      expect(data.likes).toEqual([{ messageId: othersTopic.mainMessage.id, likedAt: expect.any(String) }]);
      expect(data.readingPlaces).toEqual([{ topicId: othersTopic.topic.id, lastReadMessageId: reply.id }]);
      expect(JSON.stringify(data)).not.toContain('password');
    });

    it('refuses a wrong password and changes nothing', async () => {
      const me = await withPassword();
      const refused = await deleteMe(me.token, { password: 'not-the-password' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('wrong_password');
      expect((await api().get('/api/validate-token', { token: me.token })).statusCode).toBe(200);
    });

    it('deletes the account: messages stay under "a deleted user", email and sessions are gone', async () => {
      const me = await withPassword({ username: 'עוזבת' });
      const { topic } = await createTopic(ctx.db, { userId: me.user.id });
      await createReply(ctx.db, { topicId: topic.id, userId: other.user.id });
      const deleted = await deleteMe(me.token, { password: PASSWORD });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ ok: true, deletedTopics: 0, deletedMessages: 0 });

      expect((await api().get('/api/validate-token', { token: me.token })).statusCode).toBe(401);
      const row = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: '', username: DELETED_USER_NAME, is_active: 0, birthdate: null });
      expect(row.email_key).not.toContain('@');
      expect(
        await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', me.user.id).execute(),
      ).toEqual([]);

      const page = (await api().get(`/api/topic/${topic.id}`)).json();
      expect(page.mainMessage.userId).toBe(me.user.id);
      expect(page.users.find((user: { id: number }) => user.id === me.user.id).username).toBe(
        DELETED_USER_NAME,
      );
      const login = await api().post('/api/login', {
        email: me.user.email,
        password: PASSWORD,
        captcha: await solvedCaptcha(ctx.app),
      });
      expect(login.statusCode).toBe(401);
    });

    it('deletes the messages too when asked, keeping other topics right', async () => {
      const me = await withPassword();
      const own = await createTopic(ctx.db, { userId: me.user.id });
      const othersTopic = await createTopic(ctx.db, { userId: other.user.id });
      await createReply(ctx.db, { topicId: othersTopic.topic.id, userId: me.user.id });
      const deleted = await deleteMe(me.token, { password: PASSWORD, deleteMessages: true });
      expect(deleted.json()).toEqual({ ok: true, deletedTopics: 1, deletedMessages: 1 });
      expect((await api().get(`/api/topic/${own.topic.id}`)).statusCode).toBe(404);
      expect((await api().get(`/api/topic/${othersTopic.topic.id}`)).json().post.replies).toBe(0);
    });

    it('keeps the username taken for 30 days, then lets it be registered again', async () => {
      const me = await withPassword({ username: 'NameToFree' });
      await deleteMe(me.token, { password: PASSWORD });
      const register = async (username: string) =>
        api().post('/api/register', {
          username,
          email: `${username.toLowerCase()}${ctx.clock.now()}@example.test`,
          password: PASSWORD,
          birthdate: '01/01/1995',
          captcha: await solvedCaptcha(ctx.app),
        });
      const early = await register('nameTOfree');
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toBe('username_taken');
      ctx.clock.advance(USERNAME_HOLD_MS + 1);
      const later = await register('nametofree');
      expect(later.statusCode).toBe(201);
      const holders = await ctx.db
        .selectFrom('users')
        .select(['id', 'username_key'])
        .where('id', '=', me.user.id)
        .execute();
      expect(holders[0]?.username_key).toBe(`deleted:${me.user.id}`);
    });

    it('the last admin cannot delete their account', async () => {
      const refused = await deleteMe(admin.token, { password: PASSWORD });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('last_admin');
      expect((await api().get('/api/validate-token', { token: admin.token })).statusCode).toBe(200);
    });
  },
  {
    config: {
      RATE_LIMITS: 'login.ip=1000/60,login.email=1000/60,register.ip=1000/60,register.email=1000/60',
      SMTP_URL: '',
    },
  },
);
