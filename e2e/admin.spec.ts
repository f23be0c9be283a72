import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { E2E_ADMIN_TOKEN, E2E_SITE_NAME, E2E_USER, E2E_USER_TOKEN, E2E_WRITER } from './fixtures';

// Running the forum, end to end: an admin adds a forum and puts it first, a member writes in it, the
// admin suspends that member from the message's actions, and the member is logged out and refused.
// The member is the seeded writer, who has no fixed session other specs rely on; at the end the
// admin lifts the suspension and removes the topic and the forum, so the other specs see the seed.
const stamp = Date.now().toString(36).slice(-5);
const FORUM_NAME = `בישול ${stamp}`;
const FORUM_DESCRIPTION = 'מתכונים, טיפים ושאלות מהמטבח';
const SUBJECT = `מתכון בדיקה ${stamp}`;
const REASON = 'הודעות פרסומיות חוזרות';

const panelOf = (page: Page): Locator => page.locator('section.header-panel');

async function asAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((value) => localStorage.setItem('authToken', value), E2E_ADMIN_TOKEN);
  return context.newPage();
}

/** An admin's API call from the page's context: the bearer token and the XSRF cookie's header. */
async function adminCall(page: Page, method: 'DELETE' | 'POST', path: string) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
}

async function loginThroughPanel(page: Page, email: string, password: string) {
  await page.locator('.site-header__actions').getByRole('button', { name: 'התחברות' }).click();
  const panel = panelOf(page);
  await panel.getByLabel('אימייל').fill(email);
  await panel.getByLabel('סיסמה').fill(password);
  await panel.getByLabel('סיסמה').press('Enter');
}

test('an admin adds a forum, puts it first, and suspends a member who wrote in it', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await asAdmin(browser);

  // The user menu leads to the forums screen.
  await admin.goto('/');
  await admin.locator('.user-menu__toggle').click();
  await admin.getByRole('menuitem', { name: 'ניהול פורומים' }).click();
  await expect(admin).toHaveURL(/\/admin\/forums$/);
  await expect(admin.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  // A new forum: a name, one of the 14 emoji, a one-line description.
  const form = admin.getByRole('form', { name: 'הוספת הפורום' });
  await form.getByLabel('שם הפורום').fill(FORUM_NAME);
  await form.getByRole('button', { name: 'אש' }).click();
  await form.getByLabel('תיאור בשורה אחת').fill(FORUM_DESCRIPTION);
  await form.getByRole('button', { name: 'הוספת הפורום' }).click();
  await expect(form.getByText('הפורום נוסף')).toBeVisible();
  const list = admin.locator('.admin-forums__list > li');
  await expect(list.last()).toContainText(FORUM_NAME);

  // Up to the top, one step at a time.
  const up = admin.getByRole('button', { name: `הזזת ${FORUM_NAME} למעלה` });
  while (await up.isEnabled()) {
    await Promise.all([
      admin.waitForResponse((response) => response.url().endsWith('/api/admin/forums/order')),
      up.click(),
    ]);
  }
  await expect(list.first()).toContainText(FORUM_NAME);
  await expect(admin.locator('.bottom-bar__item').first()).toContainText(FORUM_NAME);
  const forumHref = await admin.locator('.bottom-bar__item').first().getAttribute('href');
  const forumId = Number(/\/forum\/(\d+)$/.exec(forumHref ?? '')?.[1]);
  expect(forumId).toBeGreaterThan(0);

  // A member logs in, finds the forum first in the bottom bar and writes a topic in it.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto('/');
  await loginThroughPanel(member, E2E_WRITER.email, E2E_WRITER.password);
  await expect(panelOf(member).getByText(`שלום ${E2E_WRITER.username}, התחברת בהצלחה!`)).toBeVisible();
  await member.locator('.bottom-bar__item').first().click();
  await expect(member).toHaveURL(new RegExp(`/forum/${forumId}$`));
  await expect(member.locator('.page-heading')).toContainText(FORUM_DESCRIPTION);
  const box = member.locator('.new-topic-box');
  await box.getByLabel('נושא', { exact: true }).fill(SUBJECT);
  await box.locator('.writer-content').click();
  await member.keyboard.type('קונים חמאה טובה במבצע, רק אצלנו');
  await box.getByRole('button', { name: 'פתיחת נושא חדש' }).click();
  await member.locator('.post-card a', { hasText: SUBJECT }).first().click();
  await expect(member).toHaveURL(/\/topic\/\d+$/);
  const topicId = Number(/\/topic\/(\d+)$/.exec(member.url())?.[1]);

  // The admin goes from the message's actions to suspending its author.
  await admin.goto(`/topic/${topicId}`);
  await admin.locator('article.message--main').getByRole('link', { name: 'השעיית הכותב' }).click();
  await expect(admin).toHaveURL(/\/admin\/members\/\d+\?suspend=1$/);
  const memberPath = new URL(admin.url()).pathname;
  const dialog = admin.getByRole('dialog', { name: `השעיית ${E2E_WRITER.username}` });
  await dialog.getByRole('radio', { name: 'שבוע' }).check();
  await dialog.getByLabel('סיבת ההשעיה').fill(REASON);
  await dialog.getByRole('button', { name: 'השעיה' }).click();
  await expect(dialog.getByText('המשתמש הושעה')).toBeVisible();
  await expect(admin.locator('.member-facts')).toContainText(REASON);
  // The end date as the forum writes every date (client/lib/dates.ts).
  await expect(admin.locator('.member-facts')).toContainText(/מושעה עד \d{1,2} ב\S+ \d{4}/);

  // The member's next write is refused: they are logged out at once.
  await member.locator('article.message--main .like-button').click();
  await expect(
    member.locator('.site-header__actions').getByRole('button', { name: 'התחברות' }),
  ).toBeVisible();
  await expect(panelOf(member).getByText('פג תוקף ההתחברות, יש להתחבר מחדש')).toBeVisible();
  // A refresh keeps them a guest.
  await member.reload();
  await expect(
    member.locator('.site-header__actions').getByRole('button', { name: 'התחברות' }),
  ).toBeVisible();
  await expect(member.locator('.user-menu')).toHaveCount(0);

  // Logging in again shows the Hebrew suspension message with its end date and reason.
  const panel = panelOf(member);
  if (!(await panel.getByLabel('אימייל').isVisible())) {
    await member.locator('.site-header__actions').getByRole('button', { name: 'התחברות' }).click();
  }
  await panel.getByLabel('אימייל').fill(E2E_WRITER.email);
  await panel.getByLabel('סיסמה').fill(E2E_WRITER.password);
  await panel.getByLabel('סיסמה').press('Enter');
  await expect(
    panel.getByText(new RegExp(`החשבון שלך הושעה עד \\d{2}/\\d{2}/\\d{4}\\. סיבה: ${REASON}`)),
  ).toBeVisible();
  await expect(member.locator('.user-menu')).toHaveCount(0);

  // Leave the seed as it was for the other specs.
  const userId = Number(/\/admin\/members\/(\d+)$/.exec(memberPath)?.[1]);
  await adminCall(admin, 'DELETE', `/api/admin/users/${userId}/suspension`);
  await adminCall(admin, 'DELETE', `/api/topic/${topicId}`);
  await adminCall(admin, 'DELETE', `/api/admin/forums/${forumId}`);
  await memberContext.close();
  await admin.context().close();
});

test('an admin renames the site and the header, footer and title follow', async ({ browser }) => {
  const admin = await asAdmin(browser);
  await admin.goto('/admin/site');
  const name = admin.getByLabel('שם האתר');
  await expect(name).toHaveValue(E2E_SITE_NAME);
  await name.fill(`${E2E_SITE_NAME} ${stamp}`);
  await admin.getByLabel('קישור לארכיון').fill('ftp://archive');
  await admin.getByRole('button', { name: 'שמירה' }).click();
  await expect(admin.getByText('יש להזין קישור שמתחיל ב-http:// או https://')).toBeVisible();
  await admin.getByLabel('קישור לארכיון').fill('https://archive.example/new');
  await admin.getByRole('button', { name: 'שמירה' }).click();
  await expect(admin.getByText('הנתונים נשמרו בהצלחה')).toBeVisible();
  await expect(admin.locator('.brand__name')).toHaveText(`${E2E_SITE_NAME} ${stamp}`);
  await expect(admin).toHaveTitle(new RegExp(`^${E2E_SITE_NAME} ${stamp}`));
  await expect(admin.locator('footer').getByRole('link', { name: 'ארכיון' })).toHaveAttribute(
    'href',
    'https://archive.example/new',
  );
  // Back as the seed had it, for the other specs.
  await name.fill(E2E_SITE_NAME);
  await admin.getByLabel('קישור לארכיון').fill('https://archive.forum.test/');
  await admin.getByRole('button', { name: 'שמירה' }).click();
  await expect(admin.locator('.brand__name')).toHaveText(E2E_SITE_NAME);
  await admin.context().close();
});

test('a member downloads their own data from edit profile', async ({ page }) => {
  await page.addInitScript((value) => localStorage.setItem('authToken', value), E2E_USER_TOKEN);
  await page.goto('/edit-profile');
  await page.getByRole('button', { name: 'הנתונים שלי' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'הורדת הנתונים שלי' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d+\.json$/);
  const path = await download.path();
  const data = JSON.parse(readFileSync(path, 'utf8')) as {
    profile: { username: string };
    messages: unknown[];
  };
  expect(data.profile.username).toBe(E2E_USER.username);
  expect(data.messages.length).toBeGreaterThan(0);
  await expect(page.getByText('הקובץ ירד')).toBeVisible();
});

test('a member who is not an admin is kept out of the admin screens', async ({ page }) => {
  await page.addInitScript((value) => localStorage.setItem('authToken', value), E2E_USER_TOKEN);
  await page.goto('/admin/members');
  await expect(page.getByText('לעמוד זה נכנסים רק מנהלי האתר')).toBeVisible();
  await page.locator('.user-menu__toggle').click();
  await expect(page.getByRole('menuitem', { name: 'ניהול פורומים' })).toHaveCount(0);
});
