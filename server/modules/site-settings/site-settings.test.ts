import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { createUser, type TestUser } from '../../test/factories';
import { apiClient } from '../../test/http';
import { resetMail } from '../accounts/accounts.mails';
import { SITE_SETTINGS_TTL_MS, SiteSettingsStore } from './site-settings.service';

const ENV = {
  SITE_NAME: 'פורום הסביבה',
  SITE_DESCRIPTION: 'תיאור מהסביבה',
  CONTACT_EMAIL: 'contact@forum.test',
  SOCIAL_URL: 'https://social.example/forum',
  ARCHIVE_URL: '',
};

describeEachDatabase(
  'site settings: GET/PUT /api/admin/site, GET /api/site',
  (ctx) => {
    let admin: TestUser;
    let user: TestUser;
    const api = () => apiClient(ctx.app);

    beforeAll(async () => {
      admin = await createUser(ctx.db, { admin: true });
      user = await createUser(ctx.db);
    });

    it('starts from the environment on a new database', async () => {
      expect((await api().get('/api/site')).json()).toEqual({
        siteName: 'פורום הסביבה',
        description: 'תיאור מהסביבה',
        contactEmail: 'contact@forum.test',
        socialUrl: 'https://social.example/forum',
        archiveUrl: '',
      });
    });

    it('refuses the settings screen to a guest and a user, in reading and writing', async () => {
      expect((await api().get('/api/admin/site')).statusCode).toBe(401);
      expect((await api().put('/api/admin/site', { siteName: 'x' })).statusCode).toBe(401);
      expect((await api().get('/api/admin/site', { token: user.token })).statusCode).toBe(403);
      const refused = await api().put('/api/admin/site', { siteName: 'x' }, { token: user.token });
      expect(refused.statusCode).toBe(403);
      expect((await api().get('/api/site')).json().siteName).toBe('פורום הסביבה');
    });

    it('stores what an admin changes; the rest keeps its default; this instance shows it at once', async () => {
      const saved = await api().put(
        '/api/admin/site',
        { siteName: ' הפורום החדש ', archiveUrl: 'https://archive.example/' },
        { token: admin.token },
      );
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ siteName: 'הפורום החדש', archiveUrl: 'https://archive.example/' });
      expect((await api().get('/api/site')).json()).toEqual({
        ...saved.json(),
        description: 'תיאור מהסביבה',
      });
      expect((await api().get('/api/admin/site', { token: admin.token })).json()).toEqual(saved.json());
    });

    it("the saved name titles the Atom feeds and the mails, not the environment's", async () => {
      const feed = await api().get('/feed.xml');
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain('<title>הפורום החדש</title>');
      expect(feed.body).not.toContain('פורום הסביבה');
      expect((await api().get('/forum/1/feed.xml')).body).toMatch(/<title>[^<]+ · הפורום החדש<\/title>/);
      const mail = await resetMail(ctx.app.deps, user.user);
      expect(mail.fromName).toBe('הפורום החדש');
      expect(mail.subject).toBe('הפורום החדש: איפוס סיסמה');
    });

    it('refuses bad values with a Hebrew message and keeps the old ones', async () => {
      for (const body of [
        { siteName: '' },
        { contactEmail: 'not-an-address' },
        { socialUrl: 'javascript:alert(1)' },
        { description: 'א'.repeat(301) },
      ]) {
        const response = await api().put('/api/admin/site', body, { token: admin.token });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toMatch(/[\u0590-\u05FF]/);
      }
      expect((await api().get('/api/site')).json().siteName).toBe('הפורום החדש');
    });

    it('another instance sees a change once its copy is older than the TTL', async () => {
      let now = 1_000_000;
      const otherInstance = new SiteSettingsStore(
        ctx.db,
        { ...(await ctx.app.siteSettings.get()) },
        () => now,
      );
      expect((await otherInstance.get()).siteName).toBe('הפורום החדש');
      await api().put('/api/admin/site', { siteName: 'שם שלישי' }, { token: admin.token });
      expect((await otherInstance.get()).siteName).toBe('הפורום החדש');
      now += SITE_SETTINGS_TTL_MS;
      expect((await otherInstance.get()).siteName).toBe('שם שלישי');
      expect(SITE_SETTINGS_TTL_MS).toBeLessThanOrEqual(5_000);
    });

    it('does not keep what a read under way found once its copy is dropped: the next get reads again', async () => {
      const store = new SiteSettingsStore(ctx.db, { ...(await ctx.app.siteSettings.get()) }, () => 1_000_000);
      const before = (await store.get()).siteName;
      store.invalidate();
      const underway = store.get();
      // The change's event arrives while the read is under way.
      store.invalidate();
      await api().put('/api/admin/site', { siteName: 'שם אחרי הקריאה' }, { token: admin.token });
      expect((await underway).siteName).toBe(before);
      expect((await store.get()).siteName).toBe('שם אחרי הקריאה');
    });
  },
  { config: ENV },
);
