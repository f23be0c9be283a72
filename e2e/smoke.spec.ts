import { expect, test } from '@playwright/test';

test('the home page is Hebrew, right to left, and lists the forums', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.getByRole('list', { name: 'פורומים' }).getByText('כללי')).toBeVisible();
});
