import { expect, type Page, test } from '@playwright/test';
import {
  BUSY_FORUM_ID,
  E2E_ADMIN_TOKEN,
  E2E_USER,
  E2E_USER_TOKEN,
  E2E_WRITER,
  MARKUP_TOPIC,
  topicIdBySubject,
} from './fixtures';

// Screenshots of the header panel, the birthdate picker, the writer, an action box, the admin
// screens and the own-data sections of edit profile, at a phone
// width and a desktop width, saved under test-results/screens for a person to look at.
const WIDTHS = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage });

for (const size of WIDTHS) {
  test.describe(`screens at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the register panel and the birthdate picker', async ({ page }) => {
      await page.goto('/');
      await page.locator('.site-header__actions').getByRole('button', { name: 'הרשמה' }).click();
      const panel = page.locator('section.header-panel');
      await panel.getByRole('button', { name: 'הרשמה' }).click();
      await expect(panel.getByText('*יש לבחור תאריך לידה')).toBeVisible();
      await shot(page, `${size.name}-register-panel`);
      await panel.getByRole('combobox', { name: 'תאריך לידה' }).click();
      await expect(panel.locator('.birthdate-popover')).toBeVisible();
      await panel.locator('.birthdate-popover').scrollIntoViewIfNeeded();
      await shot(page, `${size.name}-picker-days`);
      await panel.locator('.birthdate-caption').click();
      await shot(page, `${size.name}-picker-years`);
      // Every year button must be clickable, not hidden under a fixed bar.
      await panel.getByRole('button', { name: '1990', exact: true }).click();
      await expect(panel.locator('.birthdate-caption')).toHaveText('ינואר 1990');
    });

    test('the login panel', async ({ page }) => {
      await page.goto('/');
      await page.locator('.site-header__actions').getByRole('button', { name: 'התחברות' }).click();
      await expect(page.locator('section.header-panel').getByLabel('אימייל')).toBeVisible();
      await shot(page, `${size.name}-login-panel`);
    });

    test('the writer and an action box', async ({ page, request }) => {
      await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_USER_TOKEN);
      await page.goto(`/forum/${BUSY_FORUM_ID}`);
      const box = page.locator('.new-topic-box');
      await expect(box.locator('.writer-content')).toBeVisible();
      await box.getByRole('button', { name: 'פתיחת נושא חדש' }).click();
      await box.locator('.writer-content').click();
      await box.getByRole('button', { name: 'סמיילים' }).click();
      await box.scrollIntoViewIfNeeded();
      await shot(page, `${size.name}-writer`);

      const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
      await page.goto(`/topic/${topicId}`);
      // The page arrives as a guest sees it; the member's own controls show once it has hydrated.
      await expect(page.getByRole('button', { name: E2E_USER.username })).toBeVisible();
      const main = page.locator('.message-actions').first();
      await main.getByRole('button', { name: 'דיווח' }).click();
      await main.getByRole('button', { name: 'שליחת דיווח' }).click();
      await expect(main.getByText('הדיווח חייב להכיל לפחות 5 תווים')).toBeVisible();
      await main.locator('.action-box').scrollIntoViewIfNeeded();
      await shot(page, `${size.name}-action-box`);
    });

    test('the admin screens and the own data of edit profile', async ({ page }) => {
      await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_ADMIN_TOKEN);
      await page.goto('/admin/forums');
      await expect(page.locator('.admin-forum').first()).toBeVisible();
      await page.locator('.admin-forum').first().getByRole('button', { name: 'עריכה' }).click();
      await shot(page, `${size.name}-admin-forums`, true);

      await page.goto('/admin/site');
      await expect(page.getByLabel('שם האתר')).not.toHaveValue('');
      await shot(page, `${size.name}-admin-site`, true);

      await page.goto('/admin/members');
      await expect(page.locator('.member-row').first()).toBeVisible();
      await shot(page, `${size.name}-admin-members`, true);
      await page.getByLabel('חיפוש לפי שם או אימייל').fill(E2E_WRITER.email);
      await page.getByRole('button', { name: 'חיפוש משתמשים' }).click();
      await page.locator('.member-row', { hasText: E2E_WRITER.username }).click();
      await page.getByRole('button', { name: 'השעיית המשתמש' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot(page, `${size.name}-admin-member-suspend`, true);

      await page.goto('/edit-profile');
      await page.getByRole('button', { name: 'הנתונים שלי' }).click();
      await page.getByRole('button', { name: 'מחיקת החשבון' }).click();
      await shot(page, `${size.name}-own-data`, true);
    });
  });
}
