import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { BUSY_FORUM_ID, E2E_ADMIN_TOKEN, E2E_USER_TOKEN } from './fixtures';

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

// The account, writing and moderation screens, each in the state with the most on it.
test.describe('accessibility of the forms', () => {
  test('the register panel with its messages and the open picker', async ({ page }) => {
    await page.goto('/');
    await page.locator('.site-header__actions').getByRole('button', { name: 'הרשמה' }).click();
    const panel = page.locator('section.header-panel');
    await panel.getByRole('button', { name: 'הרשמה' }).click();
    await panel.getByRole('combobox', { name: 'תאריך לידה' }).click();
    await expect(panel.locator('.rdp-root')).toBeVisible();
    expect(await seriousViolations(page, 'register')).toEqual([]);
  });

  test('the writer with the emoji open, and the edit profile page', async ({ page }) => {
    await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_USER_TOKEN);
    await page.goto(`/forum/${BUSY_FORUM_ID}`);
    const box = page.locator('.new-topic-box');
    await expect(box.locator('.writer-content')).toBeVisible();
    await box.getByRole('button', { name: 'סמיילים' }).click();
    expect(await seriousViolations(page, 'writer')).toEqual([]);

    await page.goto('/edit-profile');
    await page.getByRole('button', { name: 'שינוי תאריך לידה' }).click();
    await page.getByRole('button', { name: 'שינוי אימייל' }).click();
    expect(await seriousViolations(page, 'edit-profile')).toEqual([]);
  });

  test('the message reports page', async ({ page }) => {
    await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_ADMIN_TOKEN);
    await page.goto('/message-reports');
    await expect(page.locator('.breadcrumbs')).toBeVisible();
    await expect(page.locator('.loader')).toHaveCount(0);
    expect(await seriousViolations(page, 'reports')).toEqual([]);
  });
});
