import { expect, test } from '@playwright/test';
import { BUSY_FORUM_ID, BUSY_FORUM_TOPICS, E2E_SITE_NAME, EMPTY_FORUM_ID } from './fixtures';

test.describe('forum page', () => {
  test('breadcrumbs, heading and posts of the forum only', async ({ page }) => {
    await page.goto(`/forum/${BUSY_FORUM_ID}`);
    const crumbs = page.getByRole('navigation', { name: 'פירורי לחם' });
    await expect(crumbs.getByRole('link', { name: 'דף הבית' })).toHaveAttribute('href', '/');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('מחשבים ותכנות');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('מחשבים ותכנות');
    await expect(page.locator('.post-card')).toHaveCount(7);
    // The list of one forum does not repeat the forum on every card.
    await expect(page.locator('.post-card .chip')).toHaveCount(0);
    await expect(page).toHaveTitle(`${E2E_SITE_NAME}: מחשבים ותכנות`);
  });

  test('load-more crosses the server pages until the forum runs out', async ({ page }) => {
    const more: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith(`/api/forum/${BUSY_FORUM_ID}/more/`)) more.push(path);
    });
    await page.goto(`/forum/${BUSY_FORUM_ID}`);
    const cards = page.locator('.post-card');
    const button = page.getByRole('button', { name: 'הצגת נושאים מוקדמים יותר...' });
    await expect(cards).toHaveCount(7);
    await button.click();
    await expect(cards).toHaveCount(14);
    await button.click();
    await expect(cards).toHaveCount(BUSY_FORUM_TOPICS);
    await expect(button).toHaveCount(0);
    expect(more).toHaveLength(2);
  });

  test('the new-topic box has its place once the posts loaded', async ({ page }) => {
    await page.goto(`/forum/${BUSY_FORUM_ID}`);
    await expect(page.locator('.post-card').first()).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /נושא חדש/ })
        .or(page.locator('[data-forum-id]'))
        .first(),
    ).toBeAttached();
  });

  test('an empty forum says so', async ({ page }) => {
    await page.goto(`/forum/${EMPTY_FORUM_ID}`);
    await expect(page.getByText('אין עדיין נושאים כאן')).toBeVisible();
  });

  test('a forum id that is not a number goes to not-found', async ({ page }) => {
    await page.goto('/forum/abc');
    await expect(page).toHaveURL(/\/page\/not-found$/);
  });
});
