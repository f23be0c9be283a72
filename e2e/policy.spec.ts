import { expect, test } from '@playwright/test';
import { E2E_SITE_NAME } from './fixtures';

test('the terms of use: nine sections, last updated 09/11/2014, a link to /Contact', async ({ page }) => {
  await page.goto('/policy');
  await expect(page.getByRole('heading', { level: 1, name: 'תנאי השימוש באתר' })).toBeVisible();
  await expect(page.getByText('עדכון אחרון: 09/11/2014')).toBeVisible();
  const sections = page.locator('.policy__sections > li');
  await expect(sections).toHaveCount(9);
  await expect(sections.locator('h2')).toHaveText([
    'הגדרות',
    'כללי',
    'תנאים לשימוש בתוכן ובמידע',
    'הגבלת אחריות',
    'הגנת הפרטיות',
    'זכויות יוצרים וקניין רוחני',
    'סיום ההתקשרות',
    'סמכות שיפוט',
    'יצירת קשר בשאלות',
  ]);
  await expect(page.getByRole('link', { name: 'עמוד יצירת הקשר' })).toHaveAttribute('href', '/Contact');
  for (const fact of ['מגיל 13', '18', 'למבוגרים בלבד', 'ירושלים', 'צו שיפוטי']) {
    await expect(page.locator('.policy')).toContainText(fact);
  }
  await expect(page).toHaveTitle(`${E2E_SITE_NAME}: תנאי השימוש באתר`);
});

test('outside a frame the terms get the page styling; inside one they do not', async ({ page }) => {
  await page.goto('/policy');
  await expect(page.locator('.policy')).toHaveClass(/policy--page/);
  await page.setContent('<iframe src="/policy" title="terms" style="width:600px;height:400px"></iframe>');
  const frame = page.frameLocator('iframe');
  await expect(frame.locator('.policy')).toBeVisible();
  await expect(frame.locator('.policy')).not.toHaveClass(/policy--page/);
});
