import * as argon2 from '@node-rs/argon2';
import { afterAll, expect, it, vi } from 'vitest';
import { formatBirthdate, latestBirthdate } from '../../../shared/birthdate';
import { buildApp } from '../../app';
import { solvedCaptcha } from '../../test/captcha';
import { describeEachDatabase, type TestContext } from '../../test/databases';
import { createUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { linkIn, startSmtpServer } from '../../test/smtp';
import { todayAt } from './accounts.service';
import { retryPendingMails } from './pending-mails';
import { VALIDITY_MS } from './validity';

// Counts password verifications: a login with an unknown email must spend one as well.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...original, verify: vi.fn(original.verify) };
});

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const PASSWORD = 'סיסמה-טובה-1';
let sequence = 0;
const unique = () => `${process.pid}x${++sequence}x${Math.random().toString(36).slice(2, 6)}`;
const linkValue = (link: string) => link.slice(link.lastIndexOf('/') + 1);
const hebrew = /[\u0590-\u05FF]/;

/** The last birthdate allowed today (13 years ago, by the server clock) and the day after it. */
function ageLimits(ctx: TestContext) {
  const latest = latestBirthdate(todayAt(ctx.clock.now()));
  const next = new Date(Date.UTC(latest.year, latest.month - 1, latest.day + 1));
  return {
    oldEnough: formatBirthdate(latest),
    tooYoung: formatBirthdate({
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
    }),
  };
}

/** Generous limits: this suite makes many calls from one address; the limits have their own suite. */
const HIGH_LIMITS = [
  'login.ip=1000/60',
  'login.email=1000/60',
  'register.ip=1000/60',
  'register.email=1000/60',
  'forgotPassword.ip=1000/60',
  'forgotPassword.email=1000/60',
].join(',');

function helpers(ctx: TestContext) {
  const api = () => apiClient(ctx.app);
  const newAccount = () => {
    const id = unique();
    return {
      username: `חבר_${id}`,
      email: `member.${id}@example.test`,
      password: PASSWORD,
      birthdate: '15/05/1995',
    };
  };
  const register = async (account = newAccount(), extra: Record<string, unknown> = {}) =>
    api().post('/api/register', { ...account, captcha: await solvedCaptcha(ctx.app), ...extra });
  const login = async (email: string, password: string) =>
    api().post('/api/login', { email, password, captcha: await solvedCaptcha(ctx.app) });
  const forgot = async (email: string) =>
    api().post('/api/forgot-password', { email, captcha: await solvedCaptcha(ctx.app) });
  const resetPassword = async (token: string, password: string) =>
    api().put('/api/edit-profile/forgot-password', {
      password,
      token,
      captcha: await solvedCaptcha(ctx.app),
    });
  /** Registers through the API and follows the activation mail; gives the account and its session. */
  const activeAccount = async () => {
    const account = newAccount();
    expect((await register(account)).statusCode).toBe(201);
    const value = linkValue(linkIn(smtp.lastMailTo(account.email), 'activate-user'));
    const activated = await api().post('/api/user/activate', { encryptedData: value });
    expect(activated.statusCode).toBe(200);
    return { ...account, token: activated.json().token as string, id: activated.json().user.id as number };
  };
  const userCount = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { api, newAccount, register, login, forgot, resetPassword, activeAccount, userCount };
}

describeEachDatabase(
  'accounts',
  (ctx) => {
    it('registers, mails a Hebrew activation link, activates, logs in and out, and refuses the revoked token', async () => {
      const h = helpers(ctx);
      const account = h.newAccount();
      const registered = await h.register(account);
      expect(registered.statusCode).toBe(201);
      expect(registered.json()).toEqual({ ok: true });

      const mail = smtp.lastMailTo(account.email);
      expect(mail.subject).toContain(ctx.config.siteName);
      expect(mail.html).toContain('dir="rtl"');
      expect(mail.html).toContain('lang="he"');
      expect(mail.text).toMatch(hebrew);
      const link = linkIn(mail, 'activate-user');
      expect(link.startsWith('http://forum.test/activate-user/')).toBe(true);
      expect(mail.html).toContain(link);

      const inactive = await h.login(account.email, account.password);
      expect(inactive.statusCode).toBe(428);
      expect(inactive.json().error).toBe('inactive');

      const activated = await h.api().post('/api/user/activate', { encryptedData: linkValue(link) });
      expect(activated.statusCode).toBe(200);
      const { user, token } = activated.json();
      expect(user).toMatchObject({
        username: account.username,
        isAdmin: false,
        email: account.email,
        birthdate: '15/05/1995',
      });
      expect(user.avatar).toEqual(expect.any(String));
      expect((await h.api().get('/api/validate-token', { token })).json().user.id).toBe(user.id);

      const again = await h.api().post('/api/user/activate', { encryptedData: linkValue(link) });
      expect(again.statusCode).toBe(405);
      expect(again.json().error).toBe('already_active');

      const loggedIn = await h.login(account.email.toUpperCase(), account.password);
      expect(loggedIn.statusCode).toBe(200);
      const session = loggedIn.json().token;
      expect(loggedIn.json().user).toMatchObject({
        id: user.id,
        username: account.username,
        email: account.email,
      });
      const validated = await h.api().get('/api/validate-token', { token: session });
      expect(validated.statusCode).toBe(200);
      expect(validated.json().user).toMatchObject({
        id: user.id,
        username: account.username,
        isAdmin: false,
      });

      // The browser client posts the logout with no body at all.
      const loggedOut = await ctx.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', authorization: `Bearer ${session}` },
      });
      expect(loggedOut.statusCode).toBe(200);
      const revoked = await h.api().get('/api/validate-token', { token: session });
      expect(revoked.statusCode).toBe(401);
      expect(revoked.headers['www-authenticate']).toBeUndefined();
      expect((await h.api().get('/api/validate-token', { token })).statusCode).toBe(200);
    });

    it('lists the account calls in the OpenAPI document', async () => {
      const paths = Object.keys((await apiClient(ctx.app).get('/api/openapi.json')).json().paths);
      for (const path of [
        '/api/captcha',
        '/api/register',
        '/api/user/activate',
        '/api/login',
        '/api/logout',
        '/api/validate-token',
        '/api/forgot-password',
        '/api/forgot-password/validate',
        '/api/edit-profile/forgot-password',
        '/api/edit-profile/password',
        '/api/edit-profile/email',
        '/api/edit-profile/birthdate',
      ]) {
        expect(paths).toContain(path);
      }
    });

    it('refuses missing, forged and expired tokens at validate-token', async () => {
      const h = helpers(ctx);
      expect((await h.api().get('/api/validate-token')).statusCode).toBe(401);
      expect((await h.api().get('/api/validate-token', { token: 'forged-token-value' })).statusCode).toBe(
        401,
      );
      const { token } = await h.activeAccount();
      ctx.clock.advance(VALIDITY_MS.session + 1);
      expect((await h.api().get('/api/validate-token', { token })).statusCode).toBe(401);
    });

    it('answers a wrong password and an unknown email with the same 401 after the same password check', async () => {
      const h = helpers(ctx);
      const { email } = await h.activeAccount();
      const wrong = await h.login(email, 'not-the-password');
      const unknown = await h.login(`nobody.${unique()}@example.test`, 'not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().message).toMatch(hebrew);

      // Equal time is checked by equal work, not by a clock: each refusal runs exactly one argon2id
      // verification (timings on a shared machine would make a flaky test).
      const verify = vi.mocked(argon2.verify);
      for (const address of [email, `nobody.${unique()}@example.test`]) {
        const captcha = await solvedCaptcha(ctx.app);
        verify.mockClear();
        await h.api().post('/api/login', { email: address, password: 'not-the-password', captcha });
        expect(verify).toHaveBeenCalledTimes(1);
        expect(verify.mock.calls[0]?.[1]).toBe('not-the-password');
      }
    });

    it('refuses taken usernames (409) and emails (406) ignoring case, and bad fields (400), creating nothing', async () => {
      const h = helpers(ctx);
      const first = h.newAccount();
      expect((await h.register(first)).statusCode).toBe(201);
      const before = await h.userCount();

      const sameName = await h.register({ ...h.newAccount(), username: first.username.toUpperCase() });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().error).toBe('username_taken');
      expect(sameName.json().message).toMatch(hebrew);

      const sameEmail = await h.register({ ...h.newAccount(), email: first.email.toUpperCase() });
      expect(sameEmail.statusCode).toBe(406);
      expect(sameEmail.json().error).toBe('email_taken');

      const bad: Record<string, string | undefined>[] = [
        { username: 'א' },
        { username: '<b>bold</b>' },
        { email: 'not-an-email' },
        { password: 'short' },
        { birthdate: '' },
        { birthdate: '1995-05-15' },
        { birthdate: '30/02/1995' },
        { birthdate: ageLimits(ctx).tooYoung },
      ];
      for (const fields of bad) {
        const response = await h.register({ ...h.newAccount(), ...fields });
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(response.json().message).toMatch(hebrew);
      }
      expect((await h.register({ ...h.newAccount(), birthdate: ageLimits(ctx).oldEnough })).statusCode).toBe(
        201,
      );
      const extraField = await h.register(h.newAccount(), { isAdmin: true });
      expect(extraField.statusCode).toBe(400);
      expect(await h.userCount()).toBe(before + 1);
    });

    it('requires a fresh solved captcha on register, login, forgot password and the new password', async () => {
      const h = helpers(ctx);
      const account = h.newAccount();
      const missing = await h.api().post('/api/register', account);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe('captcha_missing');
      const forged = await h.api().post('/api/register', { ...account, captcha: 'Zm9yZ2Vk' });
      expect(forged.json().error).toBe('captcha_invalid');

      const captcha = await solvedCaptcha(ctx.app);
      expect((await h.api().post('/api/register', { ...account, captcha })).statusCode).toBe(201);
      const replayed = await h
        .api()
        .post('/api/login', { email: account.email, password: PASSWORD, captcha });
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().error).toBe('captcha_replayed');
      expect(replayed.json().message).toMatch(hebrew);

      expect(
        (await h.api().post('/api/login', { email: account.email, password: PASSWORD })).json().error,
      ).toBe('captcha_missing');
      expect((await h.api().post('/api/forgot-password', { email: account.email })).json().error).toBe(
        'captcha_missing',
      );
      const reset = await h
        .api()
        .put('/api/edit-profile/forgot-password', { password: PASSWORD, token: 'x' });
      expect(reset.json().error).toBe('captcha_missing');
    });

    it('tells an invalid activation link (406) from an old one (412)', async () => {
      const h = helpers(ctx);
      const account = h.newAccount();
      await h.register(account);
      const value = linkValue(linkIn(smtp.lastMailTo(account.email), 'activate-user'));

      const tampered = `${value.slice(0, 20)}${value[20] === 'A' ? 'B' : 'A'}${value.slice(21)}`;
      for (const encryptedData of [tampered, 'garbage', '', `${value}x`, value.slice(0, -2)]) {
        const response = await h.api().post('/api/user/activate', { encryptedData });
        expect(response.statusCode, encryptedData).toBe(406);
        expect(response.json().message).toMatch(hebrew);
      }

      ctx.clock.advance(VALIDITY_MS.activationLink + 1000);
      const old = await h.api().post('/api/user/activate', { encryptedData: value });
      expect(old.statusCode).toBe(412);
      expect(old.json().error).toBe('activation_expired');
      expect((await h.login(account.email, account.password)).statusCode).toBe(428);
    });

    it('resets a forgotten password through the mailed link, once, and ends the old sessions', async () => {
      const h = helpers(ctx);
      const account = await h.activeAccount();
      const forgot = await h.forgot(account.email);
      expect(forgot.statusCode).toBe(200);
      const mail = smtp.lastMailTo(account.email);
      expect(mail.html).toContain('dir="rtl"');
      const value = linkValue(linkIn(mail, 'forgot-password'));

      expect((await h.api().post('/api/forgot-password/validate', { encryptedData: value })).statusCode).toBe(
        200,
      );
      const weak = await h.resetPassword(value, 'short');
      expect(weak.statusCode).toBe(400);
      const newPassword = 'סיסמה-חדשה-2';
      expect((await h.resetPassword(value, newPassword)).statusCode).toBe(200);

      expect((await h.login(account.email, newPassword)).statusCode).toBe(200);
      expect((await h.login(account.email, account.password)).statusCode).toBe(401);
      expect((await h.api().get('/api/validate-token', { token: account.token })).statusCode).toBe(401);

      const reused = await h.resetPassword(value, 'סיסמה-שלישית-3');
      expect(reused.statusCode).toBe(406);
      expect(reused.json().error).toBe('reset_link_used');
      const revalidated = await h.api().post('/api/forgot-password/validate', { encryptedData: value });
      expect(revalidated.statusCode).toBe(406);
      expect((await h.login(account.email, newPassword)).statusCode).toBe(200);
    });

    it('answers forgot password with 401 for an unknown email and 428 for an inactive account', async () => {
      const h = helpers(ctx);
      const unknown = await h.forgot(`nobody.${unique()}@example.test`);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().message).toMatch(hebrew);
      const inactive = h.newAccount();
      await h.register(inactive);
      const refused = await h.forgot(inactive.email);
      expect(refused.statusCode).toBe(428);
      expect(refused.json().message).toMatch(hebrew);
    });

    it('tells an invalid reset link (406) from an old one (412), and refuses an activation link as a reset link', async () => {
      const h = helpers(ctx);
      const account = h.newAccount();
      await h.register(account);
      const activation = linkValue(linkIn(smtp.lastMailTo(account.email), 'activate-user'));
      await h.api().post('/api/user/activate', { encryptedData: activation });
      expect(
        (await h.api().post('/api/forgot-password/validate', { encryptedData: activation })).statusCode,
      ).toBe(406);

      await h.forgot(account.email);
      const value = linkValue(linkIn(smtp.lastMailTo(account.email), 'forgot-password'));
      expect((await h.api().post('/api/user/activate', { encryptedData: value })).statusCode).toBe(406);
      const tampered = `${value.slice(0, -3)}${value.at(-3) === 'A' ? 'B' : 'A'}${value.slice(-2)}`;
      expect(
        (await h.api().post('/api/forgot-password/validate', { encryptedData: tampered })).statusCode,
      ).toBe(406);
      expect((await h.resetPassword(tampered, 'סיסמה-חדשה-2')).statusCode).toBe(406);

      ctx.clock.advance(VALIDITY_MS.resetLink + 1000);
      const old = await h.api().post('/api/forgot-password/validate', { encryptedData: value });
      expect(old.statusCode).toBe(412);
      expect(old.json().message).toMatch(hebrew);
      expect((await h.resetPassword(value, 'סיסמה-חדשה-2')).statusCode).toBe(412);
      expect((await h.login(account.email, account.password)).statusCode).toBe(200);
    });

    it('changes the password, keeping this session and ending the others', async () => {
      const h = helpers(ctx);
      const account = await h.activeAccount();
      const other = (await h.login(account.email, account.password)).json().token;
      expect((await h.api().put('/api/edit-profile/password', { password: 'סיסמה-חדשה-2' })).statusCode).toBe(
        401,
      );
      const short = await h
        .api()
        .put('/api/edit-profile/password', { password: 'short' }, { token: account.token });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toMatch(hebrew);

      const changed = await h
        .api()
        .put('/api/edit-profile/password', { password: 'סיסמה-חדשה-2' }, { token: account.token });
      expect(changed.statusCode).toBe(200);
      expect((await h.api().get('/api/validate-token', { token: account.token })).statusCode).toBe(200);
      expect((await h.api().get('/api/validate-token', { token: other })).statusCode).toBe(401);
      expect((await h.login(account.email, 'סיסמה-חדשה-2')).statusCode).toBe(200);
      expect((await h.login(account.email, account.password)).statusCode).toBe(401);
    });

    it('changes the email (406 when taken) and answers with the user and a new token', async () => {
      const h = helpers(ctx);
      const account = await h.activeAccount();
      const someoneElse = await createUser(ctx.db);
      const taken = await h
        .api()
        .put(
          '/api/edit-profile/email',
          { email: someoneElse.user.email.toUpperCase() },
          { token: account.token },
        );
      expect(taken.statusCode).toBe(406);
      expect(taken.json().message).toMatch(hebrew);
      const invalid = await h
        .api()
        .put('/api/edit-profile/email', { email: 'nope' }, { token: account.token });
      expect(invalid.statusCode).toBe(400);

      const email = `changed.${unique()}@example.test`;
      const changed = await h.api().put('/api/edit-profile/email', { email }, { token: account.token });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().user).toMatchObject({ id: account.id, email });
      const { token } = changed.json();
      expect((await h.api().get('/api/validate-token', { token })).json().user.email).toBe(email);
      expect((await h.api().get('/api/validate-token', { token: account.token })).statusCode).toBe(401);
      expect((await h.login(email, account.password)).statusCode).toBe(200);
      expect((await h.login(account.email, account.password)).statusCode).toBe(401);
    });

    it('changes the birthdate with the registration rules', async () => {
      const h = helpers(ctx);
      const account = await h.activeAccount();
      for (const birthdate of ['31/04/2000', '2000-01-01', ageLimits(ctx).tooYoung]) {
        const response = await h
          .api()
          .put('/api/edit-profile/birthdate', { birthdate }, { token: account.token });
        expect(response.statusCode, birthdate).toBe(400);
        expect(response.json().message).toMatch(hebrew);
      }
      expect((await h.api().put('/api/edit-profile/birthdate', { birthdate: '01/02/1990' })).statusCode).toBe(
        401,
      );
      const changed = await h
        .api()
        .put('/api/edit-profile/birthdate', { birthdate: '29/02/2000' }, { token: account.token });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().user.birthdate).toBe('29/02/2000');
      const row = await ctx.db
        .selectFrom('users')
        .select('birthdate')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(row.birthdate).toBe('2000-02-29');
    });

    it('keeps the account when the activation mail fails (412), then delivers it on a retry', async () => {
      const h = helpers(ctx);
      const account = h.newAccount();
      smtp.state.failing = true;
      let response: Awaited<ReturnType<typeof h.register>>;
      try {
        response = await h.register(account);
      } finally {
        smtp.state.failing = false;
      }
      expect(response.statusCode).toBe(412);
      expect(response.json().error).toBe('activation_mail_failed');
      expect(response.json().message).toMatch(hebrew);
      const user = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email_key', '=', account.email)
        .executeTakeFirstOrThrow();
      expect(user.is_active).toBe(0);
      const pending = await ctx.db
        .selectFrom('pending_mails')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(pending).toHaveLength(1);
      expect(() => smtp.lastMailTo(account.email)).toThrow();

      expect(await retryPendingMails(ctx.app.deps)).toBe(0);
      ctx.clock.advance(2 * 60_000);
      expect(await retryPendingMails(ctx.app.deps)).toBe(1);
      const value = linkValue(linkIn(smtp.lastMailTo(account.email), 'activate-user'));
      expect((await h.api().post('/api/user/activate', { encryptedData: value })).statusCode).toBe(200);
      expect(
        await ctx.db.selectFrom('pending_mails').selectAll().where('user_id', '=', user.id).execute(),
      ).toEqual([]);
    });

    it('retries a failed activation mail when a server starts on the same database', async () => {
      const h = helpers(ctx);
      const account = h.newAccount();
      smtp.state.failing = true;
      try {
        expect((await h.register(account)).statusCode).toBe(412);
      } finally {
        smtp.state.failing = false;
      }
      ctx.clock.advance(2 * 60_000);
      const restarted = await buildApp({
        config: ctx.config,
        db: ctx.db,
        clock: ctx.clock,
        logger: false,
        clientDir: '/nonexistent',
      });
      try {
        await restarted.ready();
        const deadline = Date.now() + 10_000;
        while (!smtp.mails.some((mail) => mail.to.includes(account.email)) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const value = linkValue(linkIn(smtp.lastMailTo(account.email), 'activate-user'));
        expect((await h.api().post('/api/user/activate', { encryptedData: value })).statusCode).toBe(200);
      } finally {
        await restarted.close();
      }
    });

    it('answers forgot password with a failure when the mail cannot be sent', async () => {
      const h = helpers(ctx);
      const account = await h.activeAccount();
      smtp.state.failing = true;
      try {
        const response = await h.forgot(account.email);
        expect(response.statusCode).toBe(503);
        expect(response.json().message).toMatch(hebrew);
      } finally {
        smtp.state.failing = false;
      }
    });

    it('keeps no password, token or link value in clear in the database', async () => {
      const h = helpers(ctx);
      const account = await h.activeAccount();
      const login = await h.login(account.email, account.password);
      await h.forgot(account.email);
      const resetValue = linkValue(linkIn(smtp.lastMailTo(account.email), 'forgot-password'));
      const secrets = [account.password, account.token, login.json().token, resetValue];
      for (const mail of smtp.mails) {
        for (const path of ['activate-user', 'forgot-password']) {
          if (mail.text.includes(`/${path}/`)) secrets.push(linkValue(linkIn(mail, path)));
        }
      }
      const tables = ['users', 'sessions', 'pending_mails', 'captcha_solutions', 'rate_limits'] as const;
      const dump = JSON.stringify(
        await Promise.all(tables.map((table) => ctx.db.selectFrom(table).selectAll().execute())),
      );
      for (const secret of secrets) expect(dump).not.toContain(secret);
      const rateLimits = JSON.stringify(await ctx.db.selectFrom('rate_limits').selectAll().execute());
      expect(rateLimits).not.toContain(account.email);
      expect(rateLimits).not.toContain('127.0.0.1');
      const row = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });
  },
  { config: { SMTP_URL: smtp.url, RATE_LIMITS: HIGH_LIMITS } },
);
