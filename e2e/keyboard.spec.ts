import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ADMIN_TOKEN, xsrfOf } from './fixtures';
import { waitForMailLink } from './mail';

// Keyboard only (issue 16): a new visitor registers, activates, logs out and in, replies, likes and
// reports; an admin moves the topic. Nothing is clicked or filled: every step is a key press (text is
// typed key by key), and every control is reached with Tab from where focus was, so each is in the
// tab order and shows a focus ring when it has focus.
const stamp = Date.now().toString(36).slice(-5);
const ACCOUNT = {
  username: `מקלדת ${stamp}`,
  email: `keyboard-${stamp}@forum.test`,
  password: 'keyboard-password-1',
};
const SUBJECT = `נושא למקלדת ${stamp}`;
const GENERAL_FORUM_ID = 1;

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not in the tab order. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 250 } = {}) {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
  // A visible focus ring: the outline the :focus-visible rule draws (the writer's is on its frame).
  const ring = await target.evaluate((element) => {
    const ringed = element.closest('.writer-editor') ?? element;
    const style = getComputedStyle(ringed);
    return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
  });
  expect(ring, 'a focus ring on the focused control').toBe(true);
}

async function type(page: Page, text: string) {
  await page.keyboard.insertText(text);
}

test('register, log in, reply, like, report and move a topic with the keyboard alone', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // A fresh topic by the admin, so the walk changes nothing the other specs rely on.
  const created = await request.post('/api/topic/', {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'x-xsrf-token': await xsrfOf(request) },
    data: { forumId: GENERAL_FORUM_ID, subject: SUBJECT, message: '<p>הודעה פותחת לבדיקת מקלדת.</p>' },
  });
  expect(created.ok()).toBe(true);
  const topicId = ((await created.json()) as { post: { id: number } }).post.id;

  // Register: the header's button opens the panel with focus on its first field.
  await page.goto('/');
  await expect(page.locator('.post-card').first()).toBeVisible();
  const header = page.locator('.site-header__actions');
  await tabTo(page, header.getByRole('button', { name: 'הרשמה' }));
  await page.keyboard.press('Enter');
  const panel = page.locator('section.header-panel');
  await expect(panel.getByLabel('שם משתמש')).toBeFocused();
  await type(page, ACCOUNT.username);
  await tabTo(page, panel.getByLabel('אימייל'));
  await type(page, ACCOUNT.email);
  await tabTo(page, panel.getByLabel('סיסמה', { exact: true }));
  await type(page, ACCOUNT.password);
  await tabTo(page, panel.getByRole('combobox', { name: 'תאריך לידה' }));
  await page.keyboard.press('Enter');
  const typedDate = panel.getByLabel('או הקלידו תאריך');
  await tabTo(page, typedDate);
  await type(page, '15/03/1990');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('combobox', { name: 'תאריך לידה' })).toHaveValue('15/03/1990');
  await tabTo(page, panel.getByRole('checkbox'));
  await page.keyboard.press('Space');
  await expect(panel.getByRole('checkbox')).toBeChecked();
  const since = Date.now();
  await tabTo(page, panel.locator('button[type="submit"]'));
  await page.keyboard.press('Enter');
  await expect(panel.getByText(/נשלח אליך אימייל עם קישור/)).toBeVisible();
  // Escape closes the panel.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // The mail's link activates the account and logs the visitor in.
  await page.goto(await waitForMailLink(ACCOUNT.email, 'activate-user', since));
  const userMenu = page.getByRole('button', { name: ACCOUNT.username });
  await expect(userMenu).toBeVisible();

  // Log out from the user menu, then log in from the header.
  await page.goto('/');
  await tabTo(page, userMenu);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('menuitem', { name: 'התנתקות' }));
  await page.keyboard.press('Enter');
  await tabTo(page, header.getByRole('button', { name: 'התחברות' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(panel.getByLabel('אימייל')).toBeFocused();
  await type(page, ACCOUNT.email);
  await tabTo(page, panel.getByLabel('סיסמה', { exact: true }));
  await type(page, ACCOUNT.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: ACCOUNT.username })).toBeVisible();

  // Reply to the topic.
  await page.goto(`/topic/${topicId}`);
  const writer = page.locator('section.reply-writer');
  await tabTo(page, writer.locator('.writer-content'));
  await type(page, `תגובה מהמקלדת ${stamp}`);
  await tabTo(page, writer.getByRole('button', { name: 'שליחת תגובה' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('article.message:not(.message--main)').last()).toContainText(
    `תגובה מהמקלדת ${stamp}`,
  );

  // Like the opening message: its state and count are in its name.
  const main = page.locator('article.message--main');
  const like = main.locator('.like-button');
  await tabTo(page, like, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName(/לייק אחד/);

  // Report it: the box takes focus, Escape closes it and gives focus back; then send one.
  const reportButton = main.getByRole('button', { name: 'דיווח' });
  await tabTo(page, reportButton);
  await page.keyboard.press('Enter');
  const box = main.locator('.action-box');
  await expect(box.getByLabel('סיבת הדיווח')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  await expect(reportButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box.getByLabel('סיבת הדיווח')).toBeFocused();
  await type(page, 'בדיקת דיווח מהמקלדת');
  // A logged-in member's email is filled in already.
  await expect(box.getByLabel('האימייל שלך')).toHaveValue(ACCOUNT.email);
  await tabTo(page, box.getByRole('button', { name: 'שליחת דיווח' }));
  await page.keyboard.press('Enter');
  await expect(box.getByText('הדיווח נשלח, תודה!')).toBeVisible();

  // An admin moves the topic to another forum from the keyboard.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((value) => localStorage.setItem('authToken', value), E2E_ADMIN_TOKEN);
  const admin = await context.newPage();
  await admin.goto(`/topic/${topicId}`);
  const adminMain = admin.locator('article.message--main');
  const moveButton = adminMain.getByRole('button', { name: 'העברת נושא' });
  await tabTo(admin, moveButton);
  await admin.keyboard.press('Enter');
  const list = adminMain.getByRole('listbox', { name: 'העברה לפורום' });
  await expect(list).toBeFocused();
  await admin.keyboard.press('ArrowDown');
  const target = (await list.getByRole('option', { selected: true }).textContent())?.trim() ?? '';
  expect(target).not.toBe('כללי');
  await tabTo(admin, adminMain.getByRole('button', { name: 'העברה', exact: true }));
  await admin.keyboard.press('Enter');
  await expect(admin.locator('.breadcrumbs')).toContainText(target);
  const moved = (await (await request.get(`/api/topic/${topicId}`)).json()) as { post: { forumId: number } };
  expect(moved.post.forumId).not.toBe(GENERAL_FORUM_ID);
  await context.close();

  // The report goes from the admins' queue again: other specs count what is open there.
  const asAdmin = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  const open = (await (await request.get('/api/messageReport', { headers: asAdmin })).json()) as {
    reports: { id: number; content: string }[];
  };
  for (const report of open.reports.filter((item) => item.content === 'בדיקת דיווח מהמקלדת')) {
    const closed = await request.delete(`/api/messageReport/${report.id}`, {
      headers: { ...asAdmin, 'x-xsrf-token': await xsrfOf(request) },
    });
    expect(closed.ok()).toBe(true);
  }
});
