import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits';
import type { MessageReport, MessageReportsResponse } from '../../../shared/schemas/reports';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import type { MessageRow } from '../../db/database';
import { solvedCaptcha } from '../../test/captcha';
import { describeEachDatabase } from '../../test/databases';
import { createReply, createTopic, createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { plan } from '../../test/query-plans';
import { ERRORS } from '../../../shared/errors';
import { insertReport, listOpenReportsQuery } from './reports.repository';

/** These suites send many reports from one address; the limit itself has its own suite below. */
const RELAXED_LIMITS = { config: { RATE_LIMITS: 'report.ip=1000/3600,report.email=1000/3600' } };

describeEachDatabase(
  'message reports',
  (ctx) => {
    let member: TestUser;
    let author: TestUser;
    let admin: TestUser;
    let main: MessageRow;
    let reply: MessageRow;

    const reportCount = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('message_reports')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );

    const reportBody = async (overrides: Record<string, unknown> = {}, captcha?: string) => ({
      report: {
        id: 0,
        messageId: reply.id,
        content: 'הודעה פוגענית',
        email: 'reporter@example.test',
        timestamp: 0,
        isOpen: true,
        ...overrides,
      },
      captcha: captcha ?? (await solvedCaptcha(ctx.app)),
    });

    /** Reports straight into the table, for the list tests (the API path has its own tests). */
    const fileReports = async (messageId: number, count: number) => {
      const ids: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const row = await insertReport(ctx.db, {
          messageId,
          content: `סיבה מספר ${index}`,
          email: `r${index}@example.test`,
          reporterUserId: null,
          timestamp: ctx.clock.now() + index,
        });
        ids.push(row.id);
      }
      return ids;
    };

    const closeAllOpen = async () => {
      await ctx.db.updateTable('message_reports').set({ is_open: 0 }).execute();
    };

    beforeAll(async () => {
      member = await createUser(ctx.db);
      author = await createUser(ctx.db);
      admin = await createUser(ctx.db, { admin: true });
      const created = await createTopic(ctx.db, { userId: author.user.id, subject: 'נושא לדיווח' });
      main = created.mainMessage;
      reply = await createReply(ctx.db, { topicId: created.topic.id, userId: author.user.id });
    });

    describe('POST /api/messageReport', () => {
      it('takes a report from a guest; the server sets id, time and isOpen', async () => {
        ctx.clock.advance(1000);
        const body = await reportBody({ id: 999_999, timestamp: 5, isOpen: false });
        const response = await apiClient(ctx.app).post('/api/messageReport', body);
        expect(response.statusCode, response.body).toBe(200);
        const report = response.json() as MessageReport;
        expect(report).toEqual({
          id: expect.any(Number),
          messageId: reply.id,
          content: 'הודעה פוגענית',
          email: 'reporter@example.test',
          timestamp: ctx.clock.now(),
          isOpen: true,
          messageDeleted: false,
        });
        expect(report.id).not.toBe(999_999);
        const row = await ctx.db
          .selectFrom('message_reports')
          .selectAll()
          .where('id', '=', report.id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ is_open: 1, reporter_user_id: null, timestamp: ctx.clock.now() });
      });

      it('takes a report from a user and remembers who sent it', async () => {
        const response = await apiClient(ctx.app).post(
          '/api/messageReport',
          await reportBody({ messageId: main.id }),
          {
            token: member.token,
          },
        );
        expect(response.statusCode).toBe(200);
        const row = await ctx.db
          .selectFrom('message_reports')
          .selectAll()
          .where('id', '=', response.json().id)
          .executeTakeFirstOrThrow();
        expect(row.reporter_user_id).toBe(member.user.id);
        expect(row.message_id).toBe(main.id);
      });

      it('keeps reason and email as plain text, trimmed, markup included verbatim', async () => {
        const reason = '  <script>alert(1)</script> & "ציטוט" <b>מודגש</b>  ';
        const response = await apiClient(ctx.app).post(
          '/api/messageReport',
          await reportBody({ content: reason, email: '  Someone@Example.test ' }),
        );
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          content: reason.trim(),
          email: 'Someone@Example.test',
        });
      });

      it.each([
        ['a reason under 5 characters', { content: 'abcd' }, VALIDATION_MESSAGES.reportTooShort],
        [
          'a reason of spaces around 4 characters',
          { content: '   abcd    ' },
          VALIDATION_MESSAGES.reportTooShort,
        ],
        ['a missing reason', { content: undefined }, VALIDATION_MESSAGES.reportTooShort],
        [
          'a reason over the maximum',
          { content: 'א'.repeat(LIMITS.reportReasonMaxLength + 1) },
          VALIDATION_MESSAGES.reportTooLong,
        ],
        ['an invalid email', { email: 'not-an-email' }, VALIDATION_MESSAGES.invalidEmail],
        ['an empty email', { email: '' }, VALIDATION_MESSAGES.invalidEmail],
        ['a message id that is a string', { messageId: String(0) }, undefined],
        ['a negative message id', { messageId: -3 }, undefined],
        ['an unknown field', { extra: 'x' }, undefined],
      ])('refuses %s with a Hebrew 400 and stores nothing', async (_name, overrides, message) => {
        const before = await reportCount();
        const body = await reportBody(overrides, 'not-needed');
        const response = await apiClient(ctx.app).post('/api/messageReport', body);
        expect(response.statusCode).toBe(400);
        if (message) expect(response.json().message).toBe(message);
        else expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
        expect(await reportCount()).toBe(before);
      });

      it('refuses a body without a report or with unknown top-level fields', async () => {
        for (const body of [{ captcha: 'x' }, { ...(await reportBody({}, 'x')), extra: 1 }, 'not json']) {
          const response = await apiClient(ctx.app).post('/api/messageReport', body);
          expect(response.statusCode).toBe(400);
          expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
        }
      });

      it('answers 404 for a message that does not exist, keeping the captcha unused', async () => {
        const before = await reportCount();
        const captcha = await solvedCaptcha(ctx.app);
        const missing = await apiClient(ctx.app).post(
          '/api/messageReport',
          await reportBody({ messageId: 987_654 }, captcha),
        );
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toMatch(/[\u0590-\u05FF]/);
        expect(await reportCount()).toBe(before);
        const retried = await apiClient(ctx.app).post('/api/messageReport', await reportBody({}, captcha));
        expect(retried.statusCode).toBe(200);
      });

      it('requires a solved captcha and refuses it a second time', async () => {
        const before = await reportCount();
        const missing = await apiClient(ctx.app).post('/api/messageReport', {
          report: (await reportBody({}, 'x')).report,
        });
        expect(missing.statusCode).toBe(400);
        expect(missing.json().error).toBe('captcha_missing');
        const forged = await apiClient(ctx.app).post('/api/messageReport', await reportBody({}, 'Zm9yZ2Vk'));
        expect(forged.statusCode).toBe(400);
        expect(forged.json().error).toBe('captcha_invalid');
        expect(await reportCount()).toBe(before);

        const captcha = await solvedCaptcha(ctx.app);
        const first = await apiClient(ctx.app).post('/api/messageReport', await reportBody({}, captcha));
        expect(first.statusCode).toBe(200);
        const replayed = await apiClient(ctx.app).post('/api/messageReport', await reportBody({}, captcha));
        expect(replayed.statusCode).toBe(400);
        expect(replayed.json().error).toBe('captcha_replayed');
        expect(await reportCount()).toBe(before + 1);
      });

      it('refuses a report without the forgery-protection header', async () => {
        const response = await apiClient(ctx.app).post('/api/messageReport', await reportBody(), {
          withoutXsrf: true,
        });
        expect(response.statusCode).toBe(403);
      });
    });

    describe('who may list and close', () => {
      it.each([
        ['GET', '/api/messageReport'],
        ['GET', '/api/messageReport/more/100'],
        ['GET', '/api/messageReport/more/abc'],
        ['DELETE', '/api/messageReport/1'],
        ['DELETE', '/api/messageReport/abc'],
      ] as const)('%s %s: 401 for a guest, 403 for a user or the author', async (method, url) => {
        const client = apiClient(ctx.app);
        const call = (token?: string) =>
          method === 'GET' ? client.get(url, { token }) : client.delete(url, { token });
        const guest = await call();
        expect(guest.statusCode).toBe(401);
        expect(guest.json().message).toMatch(/[\u0590-\u05FF]/);
        for (const user of [member, author]) {
          const response = await call(user.token);
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({
            error: 'moderators_only',
            message: ERRORS.moderators_only.message,
          });
        }
      });

      it('leaves a report open when a user tries to close it', async () => {
        const [id] = await fileReports(reply.id, 1);
        await apiClient(ctx.app).delete(`/api/messageReport/${id}`, { token: member.token });
        const row = await ctx.db
          .selectFrom('message_reports')
          .select('is_open')
          .where('id', '=', Number(id))
          .executeTakeFirstOrThrow();
        expect(row.is_open).toBe(1);
      });
    });

    describe('the moderation queue', () => {
      const list = async (url = '/api/messageReport') => {
        const response = await apiClient(ctx.app).get(url, { token: admin.token });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as MessageReportsResponse;
      };

      it('lists open reports newest first with their messages and authors', async () => {
        await closeAllOpen();
        await ctx.db
          .insertInto('likes')
          .values({ message_id: reply.id, user_id: member.user.id, created_at: 1 })
          .execute();
        const ids = [...(await fileReports(main.id, 1)), ...(await fileReports(reply.id, 2))];
        const page = await list();
        expect(page.reports.map((report) => report.id)).toEqual([...ids].reverse());
        expect(page.reports.every((report) => report.isOpen && !report.messageDeleted)).toBe(true);
        expect(page.hasMoreMessageReports).toBe(false);
        expect(page.messages.map((message) => message.id)).toEqual([main.id, reply.id]);
        expect(page.messages.find((message) => message.id === reply.id)?.likes).toEqual([member.user.id]);
        expect(page.users.map((user) => user.id)).toEqual([author.user.id]);
        expect(page.reports[0]).toMatchObject({
          email: expect.stringContaining('@'),
          content: expect.any(String),
        });
      });

      it('pages 7 at a time by id with no duplicates and no gaps, closed reports left out', async () => {
        await closeAllOpen();
        const ids = await fileReports(reply.id, 3 * LIMITS.pageSize + 3);
        const closed = ids.filter((_, index) => index % 5 === 0);
        for (const id of closed) {
          const response = await apiClient(ctx.app).delete(`/api/messageReport/${id}`, {
            token: admin.token,
          });
          expect(response.statusCode).toBe(200);
        }
        const expected = ids.filter((id) => !closed.includes(id)).reverse();
        const seen: number[] = [];
        let page = await list();
        for (;;) {
          seen.push(...page.reports.map((report) => report.id));
          if (!page.hasMoreMessageReports) break;
          expect(page.reports).toHaveLength(LIMITS.pageSize);
          const last = page.reports[page.reports.length - 1];
          if (!last) throw new Error('a page that has more must not be empty');
          page = await list(`/api/messageReport/more/${last.id}`);
        }
        expect(seen).toEqual(expected);
        expect(expected.length).toBeGreaterThan(2 * LIMITS.pageSize);
      });

      it('still lists a report whose message was deleted, marked deleted, without the message', async () => {
        await closeAllOpen();
        const gone = await createReply(ctx.db, { topicId: main.id, userId: author.user.id });
        const [goneReport] = await fileReports(gone.id, 1);
        const [liveReport] = await fileReports(reply.id, 1);
        await ctx.db.deleteFrom('messages').where('id', '=', gone.id).execute();
        const page = await list();
        expect(page.reports.map((report) => [report.id, report.messageDeleted])).toEqual([
          [liveReport, false],
          [goneReport, true],
        ]);
        expect(page.messages.map((message) => message.id)).toEqual([reply.id]);

        const closed = await apiClient(ctx.app).delete(`/api/messageReport/${goneReport}`, {
          token: admin.token,
        });
        expect(closed.statusCode).toBe(200);
        expect(closed.json()).toMatchObject({ id: goneReport, isOpen: false, messageDeleted: true });
      });

      it('closes a report: isOpen false, out of the queue, who and when recorded; closing again is harmless', async () => {
        await closeAllOpen();
        const [id] = await fileReports(reply.id, 1);
        ctx.clock.advance(5000);
        const closedAt = ctx.clock.now();
        const response = await apiClient(ctx.app).delete(`/api/messageReport/${id}`, { token: admin.token });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          id,
          isOpen: false,
          messageDeleted: false,
          messageId: reply.id,
        });
        expect((await list()).reports).toEqual([]);
        ctx.clock.advance(5000);
        const again = await apiClient(ctx.app).delete(`/api/messageReport/${id}`, { token: admin.token });
        expect(again.statusCode).toBe(200);
        const row = await ctx.db
          .selectFrom('message_reports')
          .selectAll()
          .where('id', '=', Number(id))
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ is_open: 0, closed_by: admin.user.id, closed_at: closedAt });
      });

      it('answers 404 for an unknown report and 400 for an id that is not one', async () => {
        const unknown = await apiClient(ctx.app).delete('/api/messageReport/987654', { token: admin.token });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().message).toMatch(/[\u0590-\u05FF]/);
        for (const bad of ['abc', '0', '-1', '1.5']) {
          const response = await apiClient(ctx.app).delete(`/api/messageReport/${bad}`, {
            token: admin.token,
          });
          expect(response.statusCode).toBe(400);
          const more = await apiClient(ctx.app).get(`/api/messageReport/more/${bad}`, { token: admin.token });
          expect(more.statusCode).toBe(400);
        }
      });

      it('reads the queue through the (is_open, id) index', async () => {
        const query = listOpenReportsQuery(ctx.db, { before: 100, limit: 8 });
        const text = await plan(ctx.db, ctx.kind, query, { ordered: false });
        expect(text).toContain('message_reports_open_id');
        expect(text).not.toMatch(/TEMP B-TREE|Sort/);
      });
    });
  },
  RELAXED_LIMITS,
);

describeEachDatabase(
  'message reports: rate limit',
  (ctx) => {
    it('refuses the third report from one email within the window with a Hebrew 429, storing nothing', async () => {
      const { user } = await createUser(ctx.db);
      const { mainMessage } = await createTopic(ctx.db, { userId: user.id });
      const send = async (email: string) =>
        apiClient(ctx.app).post('/api/messageReport', {
          report: { messageId: mainMessage.id, content: 'ספאם ברור', email },
          captcha: await solvedCaptcha(ctx.app),
        });
      expect((await send('same@example.test')).statusCode).toBe(200);
      expect((await send('SAME@example.test')).statusCode).toBe(200);
      const refused = await send('same@example.test');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'rate_limited', message: ERRORS.rate_limited.message });
      const stored = await ctx.db.selectFrom('message_reports').select('id').execute();
      expect(stored).toHaveLength(2);
      expect((await send('other@example.test')).statusCode).toBe(200);
    });
  },
  { config: { RATE_LIMITS: 'report.email=2/3600' } },
);
