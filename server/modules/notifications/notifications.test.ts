import { beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors';
import type { Message, MoreMessagesResponse } from '../../../shared/schemas/messages';
import type { NotificationsResponse, TopicAtResponse } from '../../../shared/schemas/notifications';
import type { ForumEvent } from '../../../shared/schemas/events';
import { subscribe } from '../../events';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { contentSnapshot } from '../../test/snapshot';

let names = 0;
/** A username unique in the suite, starting with `base`. */
const uniqueName = (base: string) => {
  names += 1;
  return `${base}${'אבגדהוזחטי'[names % 10]}${names}`;
};

describeEachDatabase('notifications', (ctx) => {
  const api = () => apiClient(ctx.app);
  let author: TestUser;
  let replier: TestUser;
  let third: TestUser;
  let admin: TestUser;
  let topicId: number;

  beforeEach(async () => {
    ctx.clock.advance(60_000);
    author = await createUser(ctx.db, { username: uniqueName('דני') });
    replier = await createUser(ctx.db, { username: uniqueName('Dana Levi') });
    third = await createUser(ctx.db, { username: uniqueName('יוסי') });
    admin = await createUser(ctx.db, { admin: true });
    topicId = (
      await createTopic(ctx.db, { userId: author.user.id, subject: 'נושא הבדיקה', now: ctx.clock.now() })
    ).topic.id;
  });

  const list = async (user: TestUser) => {
    const response = await api().get('/api/notifications', { token: user.token });
    expect(response.statusCode).toBe(200);
    return response.json<NotificationsResponse>();
  };
  const kinds = async (user: TestUser) => (await list(user)).notifications.map((n) => n.kind);
  const reply = async (user: TestUser, content: string, id = topicId) => {
    const response = await api().post('/api/message', { topicId: id, content }, { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Message>();
  };
  const like = (user: TestUser, messageId: number) =>
    api().get(`/api/message/like/${messageId}`, { token: user.token });

  describe('replies, quotes and mentions', () => {
    it("announces a new notification on the event bus to the recipient's streams, never the actor's", async () => {
      const heard: ForumEvent[] = [];
      const stop = subscribe(ctx.db, (message) => {
        if (message.kind === 'event' && message.event.type === 'notification.created')
          heard.push(message.event);
      });
      try {
        await reply(replier, '<p>תגובה שמודיעה</p>');
        await reply(author, '<p>תגובה של הכותב עצמו</p>');
      } finally {
        stop();
      }
      const [notification] = (await list(author)).notifications;
      expect(heard).toEqual([
        { type: 'notification.created', userId: author.user.id, notificationId: notification?.id },
      ]);
    });

    it('tells the topic starter of a reply, with a deep link, but not the replier', async () => {
      const message = await reply(replier, '<p>תגובה</p>');
      const { notifications, unreadCount, users } = await list(author);
      expect(unreadCount).toBe(1);
      expect(notifications).toEqual([
        expect.objectContaining({
          kind: 'reply',
          actorId: replier.user.id,
          topicId,
          messageId: message.id,
          subject: 'נושא הבדיקה',
          read: false,
          link: `/topic/${topicId}?message=${message.id}`,
          text: `${replier.user.username} הגיב/ה בנושא שלך „נושא הבדיקה”`,
        }),
      ]);
      expect(users.map((user) => user.id)).toEqual([replier.user.id]);
      expect(await kinds(replier)).toEqual([]);
    });

    it('never notifies a user of their own reply', async () => {
      await reply(author, `<p>אני עונה לעצמי, @${author.user.username}</p>`);
      expect(await kinds(author)).toEqual([]);
    });

    it('makes a reply that quotes and mentions the topic starter one quote notification', async () => {
      const own = await reply(author, '<p>הודעה שלי</p>');
      await reply(
        replier,
        `<blockquote data-quote="${own.id}">הודעה שלי</blockquote><p>@${author.user.username} צודק</p>`,
      );
      expect(await kinds(author)).toEqual(['quote']);
    });

    it('tells the author of a quoted message, and the topic starter of the reply', async () => {
      const quoted = await reply(third, '<p>משפט חכם</p>');
      const saved = await reply(
        replier,
        `<blockquote data-quote="${quoted.id}">משפט חכם</blockquote><p>מסכים</p>`,
      );
      expect(saved.content).toContain(`<blockquote data-quote="${quoted.id}">`);
      expect(await kinds(third)).toEqual(['quote']);
      expect((await kinds(author)).sort()).toEqual(['reply', 'reply']);
    });

    it('does not mention again whom a quoted message mentions', async () => {
      const quoted = await reply(third, `<p>@${replier.user.username} שים לב</p>`);
      expect(await kinds(replier)).toEqual(['mention']);
      const saved = await reply(
        author,
        `<blockquote data-quote="${quoted.id}"><p>@${replier.user.username} שים לב</p></blockquote><p>נכון</p>`,
      );
      expect(saved.content).toContain(`<p>@${replier.user.username} שים לב</p></blockquote>`);
      expect(await kinds(third)).toEqual(['quote']);
      expect(await kinds(replier)).toEqual(['mention']);
    });

    it('drops the source of a quote of a message that does not exist', async () => {
      const saved = await reply(replier, '<blockquote data-quote="999999999">ציטוט</blockquote><p>טקסט</p>');
      expect(saved.content).toContain('<blockquote>ציטוט</blockquote>');
    });

    it('marks and notifies mentions in Hebrew and Latin, after a prefix letter and before punctuation', async () => {
      const saved = await reply(
        third,
        `<p>ל@${author.user.username}, ראה את מה שכתב @${replier.user.username}. ושלום!</p>`,
      );
      expect(saved.content).toBe(
        `<p>ל<span data-mention="${author.user.id}">@${author.user.username}</span>, ראה את מה שכתב <span data-mention="${replier.user.id}">@${replier.user.username}</span>. ושלום!</p>`,
      );
      expect(await kinds(replier)).toEqual(['mention']);
      // The topic starter is mentioned in a reply to their topic: one notification, the mention.
      expect(await kinds(author)).toEqual(['mention']);
      expect((await list(replier)).notifications[0]?.text).toBe(
        `${third.user.username} הזכיר/ה אותך בנושא „נושא הבדיקה”`,
      );
    });

    it('does not take an email address, code, a link or a forged span for a mention', async () => {
      const saved = await reply(
        third,
        `<p>כתבו ל-x${replier.user.username}@example.test</p><pre><code>@${replier.user.username}</code></pre>` +
          `<p><a href="https://example.com">@${replier.user.username}</a> <span data-mention="${admin.user.id}">@מישהו</span></p>`,
      );
      expect(saved.content).not.toContain('data-mention');
      expect(await kinds(replier)).toEqual([]);
      expect(await kinds(admin)).toEqual([]);
    });

    it('mentions in a new topic notify; mentions added by an edit notify once', async () => {
      const created = await api().post(
        '/api/topic',
        { subject: 'חדש', message: `<p>שלום @${replier.user.username}</p>`, forumId: 2 },
        { token: author.token },
      );
      expect(created.statusCode, created.body).toBe(200);
      expect(await kinds(replier)).toEqual(['mention']);
      const message = await reply(author, '<p>בלי אזכור</p>');
      const edit = (content: string) =>
        api().put('/api/message', { messageId: message.id, content }, { token: author.token });
      expect((await edit(`<p>עם @${third.user.username}</p>`)).statusCode).toBe(200);
      expect((await edit(`<p>עם @${third.user.username} שוב</p>`)).statusCode).toBe(200);
      expect(await kinds(third)).toEqual(['mention']);
    });

    it('refuses a message that mentions more than 10 users, in Hebrew, writing nothing', async () => {
      const many = await Promise.all(
        Array.from({ length: 11 }, () => createUser(ctx.db, { username: uniqueName('user') })),
      );
      const before = await contentSnapshot(ctx.db);
      const response = await api().post(
        '/api/message',
        { topicId, content: `<p>${many.map((user) => `@${user.user.username}`).join(' ')}</p>` },
        { token: replier.token },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'too_many_mentions',
        message: ERRORS.too_many_mentions.message,
      });
      expect(await contentSnapshot(ctx.db)).toEqual(before);
      expect(await kinds(author)).toEqual([]);
      const ten = await reply(
        replier,
        `<p>${many
          .slice(0, 10)
          .map((user) => `@${user.user.username}`)
          .join(' ')}</p>`,
      );
      expect(ten.content.match(/data-mention/g)).toHaveLength(10);
    });
  });

  describe('likes', () => {
    it('groups the likes of one message in one day into one notification', async () => {
      const likers = [replier, third, admin, await createUser(ctx.db)];
      for (const liker of likers) {
        ctx.clock.advance(1_000);
        expect((await like(liker, topicId)).statusCode).toBe(200);
      }
      const { notifications } = await list(author);
      expect(notifications).toHaveLength(1);
      const last = likers.at(-1);
      expect(notifications[0]).toMatchObject({
        kind: 'like',
        actorCount: 4,
        actorId: last?.user.id,
        messageId: topicId,
      });
      expect(notifications[0]?.text).toBe(`${last?.user.username} ועוד 3 אהבו את ההודעה שלך`);
      // Taking likes back recounts; taking back the last removes it.
      for (const liker of likers.slice(1)) await like(liker, topicId);
      expect((await list(author)).notifications[0]).toMatchObject({
        actorCount: 1,
        actorId: replier.user.id,
      });
      await like(replier, topicId);
      expect(await kinds(author)).toEqual([]);
    });

    it('starts a new notification the next day, marks a read one unread on a new like, and ignores own likes', async () => {
      await like(author, topicId);
      expect(await kinds(author)).toEqual([]);
      await like(replier, topicId);
      await api().post('/api/notifications/read-all', {}, { token: author.token });
      await like(third, topicId);
      expect((await list(author)).notifications[0]).toMatchObject({ read: false, actorCount: 2 });
      ctx.clock.advance(24 * 60 * 60 * 1000);
      await like(admin, topicId);
      const { notifications } = await list(author);
      expect(notifications.map((n) => n.actorCount)).toEqual([1, 2]);
    });
  });

  describe('admin actions', () => {
    it('tells the starter when an admin moves, renames or deletes the topic, not when they act themselves', async () => {
      expect(
        (await api().put('/api/topic/move', { topicId, forumId: 3 }, { token: admin.token })).statusCode,
      ).toBe(200);
      expect(
        (await api().put('/api/topic/subject', { topicId, subject: 'שם חדש' }, { token: admin.token }))
          .statusCode,
      ).toBe(200);
      const { notifications } = await list(author);
      expect(notifications.map((n) => [n.kind, n.subject, n.link])).toEqual([
        ['topic_renamed', 'שם חדש', `/topic/${topicId}?message=${topicId}`],
        ['topic_moved', 'נושא הבדיקה', `/topic/${topicId}?message=${topicId}`],
      ]);
      expect(notifications[1]?.text).toMatch(/^הנושא שלך „נושא הבדיקה” הועבר לפורום \S/);

      const own = (await createTopic(ctx.db, { userId: admin.user.id })).topic.id;
      await api().put('/api/topic/move', { topicId: own, forumId: 3 }, { token: admin.token });
      expect(await kinds(admin)).toEqual([]);
    });

    it('deleting a topic takes its notifications with it and tells the starter', async () => {
      const message = await reply(replier, `<p>@${third.user.username}</p>`);
      await like(third, message.id);
      expect(await kinds(third)).toEqual(['mention']);
      expect((await api().delete(`/api/topic/${topicId}`, { token: admin.token })).statusCode).toBe(200);
      expect(await kinds(third)).toEqual([]);
      expect(await kinds(replier)).toEqual([]);
      const { notifications } = await list(author);
      expect(notifications).toEqual([
        expect.objectContaining({ kind: 'topic_deleted', topicId: null, messageId: null, link: null }),
      ]);
    });

    it("deleting a message takes its notifications with it; an admin's delete tells the author", async () => {
      const message = await reply(replier, `<p>@${third.user.username}</p>`);
      await like(author, message.id);
      expect(await kinds(replier)).toEqual(['like']);
      expect((await api().delete(`/api/message/${message.id}`, { token: admin.token })).statusCode).toBe(200);
      expect(await kinds(third)).toEqual([]);
      expect(await kinds(author)).toEqual([]);
      expect(await kinds(replier)).toEqual(['message_deleted']);

      const own = await reply(replier, `<p>@${third.user.username}</p>`);
      await api().delete(`/api/message/${own.id}`, { token: replier.token });
      expect(await kinds(third)).toEqual([]);
      expect(await kinds(replier)).toEqual(['message_deleted']);
    });
  });

  describe('the list, read state and permissions', () => {
    it('pages 7 newest first with keyset /more, and marks read by message and all at once', async () => {
      const messages: Message[] = [];
      for (let index = 0; index < 9; index += 1) messages.push(await reply(replier, `<p>תגובה ${index}</p>`));
      const first = await list(author);
      expect(first.notifications.map((n) => n.messageId)).toEqual(
        messages
          .slice(2)
          .reverse()
          .map((m) => m.id),
      );
      expect(first.hasMoreNotifications).toBe(true);
      expect(first.unreadCount).toBe(9);
      const last = first.notifications.at(-1)?.id;
      const more = (
        await api().get(`/api/notifications/more/${last}`, { token: author.token })
      ).json<NotificationsResponse>();
      expect(more.notifications.map((n) => n.messageId)).toEqual([messages[1]?.id, messages[0]?.id]);
      expect(more.hasMoreNotifications).toBe(false);

      const read = await api().post(
        '/api/notifications/read',
        { topicId, messageIds: [messages[0]?.id, messages[1]?.id] },
        { token: author.token },
      );
      expect(read.json()).toEqual({ unreadCount: 7 });
      expect((await api().get('/api/notifications/unread-count', { token: author.token })).json()).toEqual({
        unreadCount: 7,
      });
      const reread = (
        await api().get(`/api/notifications/more/${last}`, { token: author.token })
      ).json<NotificationsResponse>();
      expect(reread.notifications.map((n) => n.read)).toEqual([true, true]);
      expect((await api().post('/api/notifications/read-all', {}, { token: author.token })).json()).toEqual({
        unreadCount: 0,
      });
      expect((await list(author)).notifications.every((n) => n.read)).toBe(true);
    });

    it('lets each user read and mark only their own (guest, user, other, admin)', async () => {
      const message = await reply(replier, '<p>תגובה</p>');
      const guest = api();
      for (const url of [
        '/api/notifications',
        '/api/notifications/unread-count',
        '/api/notifications/more/5',
      ]) {
        const response = await guest.get(url);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ error: 'unauthorized' });
      }
      expect((await guest.post('/api/notifications/read-all', {})).statusCode).toBe(401);
      expect(
        (await guest.post('/api/notifications/read', { topicId, messageIds: [message.id] })).statusCode,
      ).toBe(401);
      // Another user and an admin see only their own, and their marking touches only their own.
      for (const outsider of [third, admin]) {
        expect(await kinds(outsider)).toEqual([]);
        await api().post(
          '/api/notifications/read',
          { topicId, messageIds: [message.id] },
          { token: outsider.token },
        );
        await api().post('/api/notifications/read-all', {}, { token: outsider.token });
        const ownerCursor = (await list(author)).notifications[0]?.id ?? 0;
        const paged = await api().get(`/api/notifications/more/${ownerCursor + 1}`, {
          token: outsider.token,
        });
        expect(paged.json<NotificationsResponse>().notifications).toEqual([]);
      }
      expect((await list(author)).notifications).toEqual([expect.objectContaining({ read: false })]);
      expect((await list(author)).unreadCount).toBe(1);
    });
  });

  describe('GET /api/topic/{id}/at/{messageId}', () => {
    it('answers the page of replies that holds the message, and "load earlier" goes on from it', async () => {
      const replies = [];
      for (let index = 0; index < 20; index += 1) {
        replies.push(await createReply(ctx.db, { topicId, userId: replier.user.id, now: ctx.clock.now() }));
      }
      const ids = replies.map((r) => r.id);
      // Pages from the newest: ids[13..19], ids[6..12], ids[0..5].
      const at = async (messageId: number) => {
        const response = await api().get(`/api/topic/${topicId}/at/${messageId}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<TopicAtResponse>();
      };
      const page = await at(ids[3] ?? 0);
      expect(page.messages.map((m) => m.id)).toEqual(ids.slice(0, 6));
      expect(page.hasMoreMessages).toBe(false);
      expect(page.hasNewerMessages).toBe(true);
      // Reading on opens the next page, which starts right after this one.
      expect(page.newerMessageId).toBe(ids[6]);
      expect((await at(ids[6] ?? 0)).messages.map((m) => m.id)).toEqual(ids.slice(6, 13));
      expect(page.mainMessage.id).toBe(topicId);
      expect(page.post.id).toBe(topicId);

      const middle = await at(ids[12] ?? 0);
      expect(middle.messages.map((m) => m.id)).toEqual(ids.slice(6, 13));
      expect(middle.hasMoreMessages).toBe(true);
      const earlier = (
        await api().get(`/api/topic/${topicId}/more/${middle.messages[0]?.id}`)
      ).json<MoreMessagesResponse>();
      expect(earlier.messages.map((m) => m.id)).toEqual(ids.slice(0, 6));

      const newest = await at(ids[19] ?? 0);
      expect(newest.messages.map((m) => m.id)).toEqual(ids.slice(13));
      expect(newest.hasNewerMessages).toBe(false);
      expect(newest.newerMessageId).toBeNull();
      const topicPage = (await api().get(`/api/topic/${topicId}`)).json<TopicAtResponse>();
      expect((await at(topicId)).messages).toEqual(topicPage.messages);

      const elsewhere = (await createTopic(ctx.db, { userId: author.user.id })).topic.id;
      expect((await api().get(`/api/topic/${topicId}/at/${elsewhere}`)).json()).toMatchObject({
        error: 'message_not_found',
      });
      expect((await api().get(`/api/topic/999999999/at/${topicId}`)).statusCode).toBe(404);
    });
  });

  describe('GET /api/users/mention-lookup', () => {
    it('offers active users by username prefix, to logged-in users only, rate limited', async () => {
      const prefix = author.user.username;
      const lookup = (token?: string, value = prefix) =>
        api().get(`/api/users/mention-lookup?prefix=${encodeURIComponent(value)}`, token ? { token } : {});
      expect((await lookup()).statusCode).toBe(401);
      const found = await lookup(third.token);
      expect(found.statusCode).toBe(200);
      expect(found.json<{ users: { id: number }[] }>().users.map((user) => user.id)).toContain(
        author.user.id,
      );
      const latin = await lookup(third.token, replier.user.username.toLowerCase());
      expect(latin.json<{ users: { id: number }[] }>().users.map((user) => user.id)).toContain(
        replier.user.id,
      );
      expect((await lookup(third.token, 'ד')).statusCode).toBe(400);
      expect((await lookup(third.token, '%_')).json()).toEqual({ users: [] });
      let status = 200;
      for (let index = 0; index < 60 && status === 200; index += 1)
        status = (await lookup(third.token)).statusCode;
      expect(status).toBe(429);
    });
  });
});
