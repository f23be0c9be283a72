import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/schemas/messages';
import type { NotificationPreferences } from '../../../shared/schemas/notifications';
import { describeEachDatabase } from '../../test/databases';
import { createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { startSmtpServer } from '../../test/smtp';
import { nextDayStart } from './days';
import {
  CLAIM_LEASE_MS,
  claimDueMails,
  composeMail,
  type MailQueueDeps,
  runMailQueueOnce,
} from './mail-queue';
import { DIGEST_HOUR } from './notifications.service';
import { openUnsubscribe } from './unsubscribe';

const smtp = await startSmtpServer();
const HOUR = 60 * 60 * 1000;

/** A logger that keeps what is logged at warn and error. */
function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const keep = (level: string) => (_entry: unknown, message: string) => lines.push({ level, message });
  const log = {
    info: () => {},
    debug: () => {},
    warn: keep('warn'),
    error: keep('error'),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** The value of a header in a raw mail, unfolded. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();

describeEachDatabase(
  'notification mail queue',
  (ctx) => {
    const api = () => apiClient(ctx.app);
    let author: TestUser;
    let replier: TestUser;
    let topicId: number;
    let logged: ReturnType<typeof recordingLog>;
    const queue = (instanceId = 'instance-a'): MailQueueDeps => ({
      db: ctx.db,
      clock: ctx.clock,
      mailer: ctx.app.mailer,
      config: ctx.config,
      log: logged.log,
      site: ctx.app.siteSettings,
      instanceId,
    });
    const mailsTo = (user: TestUser) =>
      smtp.mails.filter((mail) => mail.to.includes(user.user.email.toLowerCase()));
    const reply = async (content = '<p>תגובה <b>מודגשת</b> &lt;script&gt;</p>') => {
      const response = await api().post('/api/message', { topicId, content }, { token: replier.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Message>();
    };
    const setPreferences = async (user: TestUser, preferences: Partial<NotificationPreferences>) => {
      const current = (
        await api().get('/api/edit-profile/notifications', { token: user.token })
      ).json<NotificationPreferences>();
      const response = await api().put(
        '/api/edit-profile/notifications',
        { ...current, ...preferences },
        { token: user.token },
      );
      expect(response.statusCode, response.body).toBe(200);
    };

    beforeEach(async () => {
      smtp.state.failing = false;
      logged = recordingLog();
      ctx.clock.advance(HOUR);
      // Each test starts with an empty queue.
      await ctx.db
        .updateTable('notification_mails')
        .set({ status: 'sent' })
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      author = await createUser(ctx.db);
      replier = await createUser(ctx.db);
      topicId = (
        await createTopic(ctx.db, { userId: author.user.id, subject: 'על הדבש', now: ctx.clock.now() })
      ).topic.id;
    });

    it('has the defaults: immediately for replies and mentions, never for likes; only for the logged-in user', async () => {
      expect((await api().get('/api/edit-profile/notifications')).statusCode).toBe(401);
      const all = { replies: 'never', mentions: 'never', likes: 'never', moderation: 'never' };
      expect((await api().put('/api/edit-profile/notifications', all)).statusCode).toBe(401);
      const response = await api().get('/api/edit-profile/notifications', { token: author.token });
      expect(response.json()).toEqual({
        replies: 'immediate',
        mentions: 'immediate',
        likes: 'never',
        moderation: 'immediate',
      });
      const bad = await api().put(
        '/api/edit-profile/notifications',
        { replies: 'hourly', mentions: 'never', likes: 'never', moderation: 'never' },
        { token: author.token },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/[\u0590-\u05FF]/);
    });

    it('sends an immediate mail once: Hebrew, right to left, plain text, excerpt, link and one-click unsubscribe', async () => {
      const message = await reply();
      expect(await runMailQueueOnce(queue())).toMatchObject({ sent: 1 });
      const [mail, ...others] = mailsTo(author);
      expect(others).toEqual([]);
      if (!mail) throw new Error('no mail');
      expect(mail.subject).toContain('הגיב/ה בנושא שלך „על הדבש”');
      expect(mail.html).toContain('<html lang="he" dir="rtl">');
      expect(mail.text).toContain('«תגובה מודגשת <script>»');
      expect(mail.html).toContain('תגובה מודגשת &#60;script&#62;');
      expect(mail.html).not.toContain('<b>');
      const link = `http://forum.test/topic/${topicId}?message=${message.id}`;
      expect(mail.text).toContain(link);
      const unsubscribe = header(mail.raw, 'List-Unsubscribe');
      expect(unsubscribe).toMatch(/^<http:\/\/forum\.test\/mail\/unsubscribe\/[\w.-]+>$/);
      expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const row = await ctx.db
        .selectFrom('notification_mails')
        .selectAll()
        .where('user_id', '=', author.user.id)
        .executeTakeFirstOrThrow();
      expect(header(mail.raw, 'Message-ID')).toBe(row.message_id_header);
      expect(row.status).toBe('sent');
      // Nothing is sent twice, and nothing to the replier.
      expect(await runMailQueueOnce(queue())).toEqual({ abandoned: 0 });
      expect(mailsTo(author)).toHaveLength(1);
      expect(mailsTo(replier)).toHaveLength(0);
    });

    it('sends nothing for "never", nor for a notification read or gone before its turn', async () => {
      await setPreferences(author, { replies: 'never' });
      await reply();
      await api().get(`/api/message/like/${topicId}`, { token: replier.token });
      expect(
        await ctx.db
          .selectFrom('notification_mails')
          .select('id')
          .where('user_id', '=', author.user.id)
          .execute(),
      ).toEqual([]);

      await setPreferences(author, { replies: 'immediate' });
      const read = await reply();
      await api().post(
        '/api/notifications/read',
        { topicId, messageIds: [read.id] },
        { token: author.token },
      );
      const deleted = await reply();
      await api().delete(`/api/message/${deleted.id}`, { token: replier.token });
      expect(await runMailQueueOnce(queue())).toMatchObject({ skipped: 1 });
      expect(mailsTo(author)).toHaveLength(0);
    });

    it('queues one immediate mail for a day’s likes of a message: a like joining the group queues none', async () => {
      await setPreferences(author, { likes: 'immediate' });
      const third = await createUser(ctx.db);
      for (const liker of [replier, third]) {
        const liked = await api().get(`/api/message/like/${topicId}`, { token: liker.token });
        expect(liked.statusCode, liked.body).toBe(200);
      }
      const [notification, ...more] = await ctx.db
        .selectFrom('notifications')
        .select(['id', 'actor_count', 'created_at'])
        .where('user_id', '=', author.user.id)
        .execute();
      expect(more).toEqual([]);
      expect(notification?.actor_count).toBe(2);
      const mails = await ctx.db
        .selectFrom('notification_mails')
        .select(['kind', 'notification_id', 'status', 'next_attempt_at', 'created_at', 'message_id_header'])
        .where('user_id', '=', author.user.id)
        .execute();
      expect(mails).toEqual([
        {
          kind: 'immediate',
          notification_id: notification?.id,
          status: 'pending',
          next_attempt_at: notification?.created_at,
          created_at: notification?.created_at,
          message_id_header: expect.stringMatching(/^<[0-9a-f-]{36}@notifications\.forum>$/),
        },
      ]);
      expect(await runMailQueueOnce(queue())).toMatchObject({ sent: 1 });
      expect(mailsTo(author)).toHaveLength(1);
    });

    it('gathers a daily digest and sends it the next morning', async () => {
      await setPreferences(author, { replies: 'digest' });
      await reply('<p>ראשונה</p>');
      await reply('<p>שנייה</p>');
      expect(await runMailQueueOnce(queue())).toEqual({ abandoned: 0 });
      ctx.clock.set(nextDayStart(ctx.clock.now()) + DIGEST_HOUR * HOUR);
      expect(await runMailQueueOnce(queue())).toMatchObject({ sent: 1 });
      const [digest, ...others] = mailsTo(author);
      expect(others).toEqual([]);
      expect(digest?.subject).toContain('סיכום יומי: 2 התראות חדשות');
      expect(digest?.text).toContain('«ראשונה»');
      expect(digest?.text).toContain('«שנייה»');
      expect(header(digest?.raw ?? '', 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const waiting = await ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', author.user.id)
        .where('in_digest', '=', 1)
        .execute();
      expect(waiting).toEqual([]);
    });

    it('unsubscribes with one click, without logging in; GET only asks; a forged link is refused', async () => {
      await reply();
      await runMailQueueOnce(queue());
      const link =
        /^<(.*)>$/.exec(header(mailsTo(author)[0]?.raw ?? '', 'List-Unsubscribe') ?? '')?.[1] ?? '';
      const path = new URL(link).pathname;
      expect(openUnsubscribe(ctx.config.secretKey, path.split('/').at(-1) ?? '')).toEqual({
        userId: author.user.id,
        scope: 'replies',
      });
      const page = await ctx.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<form method="post"');
      const preferences = () =>
        api()
          .get('/api/edit-profile/notifications', { token: author.token })
          .then((r) => r.json<NotificationPreferences>());
      expect((await preferences()).replies).toBe('immediate');
      const oneClick = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(oneClick.body).toContain('הוסרת מרשימת הדיוור');
      expect(await preferences()).toEqual({
        replies: 'never',
        mentions: 'immediate',
        likes: 'never',
        moderation: 'immediate',
      });
      const forged = await ctx.app.inject({
        method: 'POST',
        url: path.replace(`/${author.user.id}.`, `/${replier.user.id}.`),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(forged.statusCode).toBe(406);
      // What was queued before the click is not sent either.
      await setPreferences(author, { replies: 'immediate' });
      await reply();
      await setPreferences(author, { replies: 'never' });
      expect(await runMailQueueOnce(queue())).toMatchObject({ skipped: 1 });
      expect(forged.json()).toMatchObject({ error: 'unsubscribe_link_invalid' });
    });

    it('retries a refused mail with backoff, and drops it after two days with a log line', async () => {
      smtp.state.failing = true;
      await reply();
      expect(await runMailQueueOnce(queue())).toMatchObject({ retry: 1 });
      const row = () =>
        ctx.db
          .selectFrom('notification_mails')
          .selectAll()
          .where('user_id', '=', author.user.id)
          .executeTakeFirstOrThrow();
      expect(await row()).toMatchObject({
        status: 'pending',
        attempts: 1,
        next_attempt_at: ctx.clock.now() + 60_000,
      });
      expect(await runMailQueueOnce(queue())).toEqual({ abandoned: 0 });
      ctx.clock.advance(60_000);
      expect(await runMailQueueOnce(queue())).toMatchObject({ retry: 1 });
      expect(await row()).toMatchObject({ attempts: 2, next_attempt_at: ctx.clock.now() + 120_000 });
      smtp.state.failing = false;
      ctx.clock.advance(120_000);
      expect(await runMailQueueOnce(queue())).toMatchObject({ sent: 1 });
      expect(mailsTo(author)).toHaveLength(1);

      smtp.state.failing = true;
      await reply();
      for (let step = 0; step <= 8; step += 1) {
        await runMailQueueOnce(queue());
        ctx.clock.advance(6 * HOUR);
      }
      expect(mailsTo(author)).toHaveLength(1);
      const dropped = await ctx.db
        .selectFrom('notification_mails')
        .selectAll()
        .where('user_id', '=', author.user.id)
        .where('status', '=', 'dropped')
        .execute();
      expect(dropped).toHaveLength(1);
      expect(logged.lines).toContainEqual({
        level: 'error',
        message: 'notification mail dropped: not sent within two days',
      });
    });

    it('never sends twice when the sending instance dies after sending and before marking', async () => {
      await reply();
      // Instance A claims and hands the mail to SMTP, then dies before it can record the outcome.
      const [claimed] = await claimDueMails(queue('instance-a'));
      if (!claimed) throw new Error('nothing claimed');
      const composed = await composeMail(queue('instance-a'), claimed);
      if (!composed) throw new Error('nothing to send');
      await ctx.app.mailer.send(composed.outgoing);
      expect(mailsTo(author)).toHaveLength(1);
      // Instance B neither takes the claimed mail while the claim holds nor after it lapses.
      expect(await runMailQueueOnce(queue('instance-b'))).toEqual({ abandoned: 0 });
      ctx.clock.advance(CLAIM_LEASE_MS + 1);
      expect(await runMailQueueOnce(queue('instance-b'))).toEqual({ abandoned: 1 });
      expect(await runMailQueueOnce(queue('instance-b'))).toEqual({ abandoned: 0 });
      expect(mailsTo(author)).toHaveLength(1);
      const row = await ctx.db
        .selectFrom('notification_mails')
        .selectAll()
        .where('id', '=', claimed.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'abandoned', claimed_by: 'instance-a' });
      expect(logged.lines.map((line) => line.level)).toEqual(['warn']);
    });

    it('sends each mail once when two instances run the queue at the same time', async () => {
      const readers = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx.db)));
      for (const reader of readers) {
        const response = await api().post(
          '/api/message',
          { topicId, content: `<p>@${reader.user.username}</p>` },
          { token: replier.token },
        );
        expect(response.statusCode, response.body).toBe(200);
      }
      const [a, b] = await Promise.all([
        runMailQueueOnce(queue('instance-a')),
        runMailQueueOnce(queue('instance-b')),
      ]);
      expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(12);
      for (const reader of readers) expect(mailsTo(reader)).toHaveLength(1);
      expect(mailsTo(author)).toHaveLength(6);
    });
  },
  { config: { SMTP_URL: smtp.url } },
);

describe('unsubscribe values', () => {
  it('refuse tampering and unknown scopes', () => {
    expect(openUnsubscribe('k'.repeat(32), '1.all.AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(openUnsubscribe('k'.repeat(32), 'nonsense')).toBeNull();
  });
});
