import { expect, test } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_USER_TOKEN, write, asUser } from './fixtures';

// The topic lives in the "לימודים וקריירה" forum (id 10) and is deleted at the end, so other specs
// keep seeing the seeded data.
const FORUM_ID = 10;
const stamp = Date.now().toString(36).slice(-5);
const SUBJECT = `נושא ליומן ${stamp}`;
const REPLY_TEXT = `תגובה שתימחק ${stamp}`;
/** "29 בנוב׳ 2026, 13:19", as `client/lib/dates.ts` writes a date. */
const HEBREW_DATE_TIME = /^\d{1,2} ב\S+ \d{4}, \d{1,2}:\d{2}$/;

test('an admin deletes a user’s message and the moderation log shows it with the old text', async ({
  page,
  request,
}) => {
  const topic = await write<{ post: { id: number } }>(request, E2E_USER_TOKEN, 'POST', '/api/topic/', {
    subject: SUBJECT,
    message: '<p>הודעה ראשית ליומן</p>',
    forumId: FORUM_ID,
  });
  const topicId = topic.post.id;
  await write(request, E2E_USER_TOKEN, 'POST', '/api/message', { topicId, content: `<p>${REPLY_TEXT}</p>` });

  await asUser(page, E2E_ADMIN_TOKEN);
  await page.goto(`/topic/${topicId}`);
  const reply = page.locator('article.message', { hasText: REPLY_TEXT });
  await reply.getByRole('button', { name: 'מחיקה' }).click();
  await reply.locator('.action-box').getByRole('button', { name: 'מחיקה' }).click();
  await expect(reply).toBeHidden();

  // Reached from the user menu, next to the message reports.
  await page.locator('.user-menu__toggle').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toContainText(['דיווחים על הודעות', 'יומן פעולות ניהול']);
  await menu.getByRole('menuitem', { name: 'יומן פעולות ניהול' }).click();
  await expect(page).toHaveURL(/\/moderation-log$/);
  await expect(page.locator('.breadcrumbs')).toContainText('יומן פעולות ניהול');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  const entry = page.locator('.moderation-entry').first();
  await expect(entry.locator('.moderation-sentence')).toContainText(`מחק/ה הודעה של`);
  await expect(entry.locator('.moderation-sentence')).toContainText(SUBJECT);
  const kept = entry.locator('details.moderation-text');
  await expect(kept.locator('.message-content')).toBeHidden();
  await kept.locator('summary').click();
  await expect(kept.locator('.message-content')).toHaveText(REPLY_TEXT);
  await expect(entry.getByRole('link', { name: 'מעבר לנושא' })).toHaveAttribute('href', `/topic/${topicId}`);
  // Written as every other date of the forum (docs/product.md §1), not in he-IL's short style.
  await expect(entry.locator('time')).toHaveText(HEBREW_DATE_TIME);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/screens/moderation-log-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/screens/moderation-log-1280.png', fullPage: true });

  await write(request, E2E_ADMIN_TOKEN, 'DELETE', `/api/topic/${topicId}`);
});

test('a guest opening the moderation log is sent to log in', async ({ page }) => {
  await page.goto('/moderation-log');
  await expect(
    page.locator('section.header-panel').getByText('כדי להיכנס לעמוד זה יש להתחבר לאתר'),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/moderation-log/);
});
