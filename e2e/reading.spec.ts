import { expect, test } from '@playwright/test';
import { asUser, E2E_ADMIN_TOKEN, E2E_USER_TOKEN, hydrated, newTopic, reply, write } from './fixtures';

// A member's place in each topic they opened (server/modules/reading/): the lists show how many
// messages came since, over the topic's picture, and lead to the first of them; the page opened
// there reads on page by page to the newest. The topic lives in "לימודים וקריירה" (id 10) and is
// deleted at the end, so other specs keep the seed.
const FORUM_ID = 10;
const stamp = Date.now().toString(36).slice(-5);
const SUBJECT = `נושא למעקב קריאה ${stamp}`;

test('a member sees what is new in topics they read, goes to the first new message and reads on to the newest', async ({
  page,
  browser,
  request,
}) => {
  const { post } = await newTopic(request, E2E_ADMIN_TOKEN, SUBJECT, FORUM_ID);
  const adminReply = (text: string) => reply(request, E2E_ADMIN_TOKEN, post.id, text);
  try {
    for (let index = 1; index <= 3; index += 1) await adminReply(`תגובה ישנה ${index}`);
    await asUser(page, E2E_USER_TOKEN);
    const card = page.locator('.post-card', { hasText: SUBJECT });
    const badge = card.locator('.post-card__unread');

    // Opened and read: the place is kept once the messages have been on screen.
    const marked = page.waitForResponse((response) => response.url().endsWith('/api/notifications/read'));
    await page.goto(`/topic/${post.id}`);
    await expect(page.getByText('תגובה ישנה 3')).toBeVisible();
    expect((await marked).ok()).toBe(true);

    const news: number[] = [];
    for (let index = 1; index <= 9; index += 1) news.push((await adminReply(`המשך ${index}`)).id);

    await page.goto(`/forum/${FORUM_ID}`);
    await expect(badge).toHaveText(/^9 חדשות/);
    await expect(badge).toHaveAccessibleName('9 חדשות מאז הקריאה האחרונה: מעבר לראשונה');
    // Over the picture: the card keeps its size whether the count is there or not.
    const cardBox = await card.boundingBox();
    const imageBox = await card.locator('.post-card__image').boundingBox();
    const badgeBox = await badge.boundingBox();
    expect(badgeBox && imageBox && cardBox).toBeTruthy();
    if (badgeBox && imageBox) {
      expect(badgeBox.x).toBeGreaterThanOrEqual(imageBox.x);
      expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(imageBox.x + imageBox.width + 0.5);
      expect(badgeBox.y + badgeBox.height).toBeLessThanOrEqual(imageBox.y + imageBox.height);
    }

    // The member's own list of what is new: this topic, from the user menu.
    await page.locator('.user-menu__toggle').click();
    await page.getByRole('menuitem', { name: 'חדש בנושאים שקראתי' }).click();
    await expect(page).toHaveURL('/unread');
    await expect(page.locator('h1')).toHaveText('חדש בנושאים שקראתי');
    const listed = page.locator('.unread-page .post-card', { hasText: SUBJECT });
    await expect(listed.locator('.post-card__unread')).toHaveText(/^9 חדשות/);
    await page.goBack();
    await expect(badge).toBeVisible();

    // A guest's page, the one the server renders for everybody, has no count.
    const guest = await browser.newPage();
    await guest.goto(`/forum/${FORUM_ID}`);
    await hydrated(guest.locator('.post-card', { hasText: SUBJECT }).getByRole('link', { name: SUBJECT }));
    await expect(guest.locator('.post-card__unread')).toHaveCount(0);
    expect((await guest.locator('.post-card', { hasText: SUBJECT }).boundingBox())?.height).toBe(
      cardBox?.height,
    );
    await guest.close();

    // The count leads to the first new message, on the page that holds it.
    await badge.click();
    await expect(page).toHaveURL(`/topic/${post.id}?message=${news[0]}`);
    await expect(page.locator(`#message-${news[0]}`)).toHaveClass(/is-highlighted/);
    await expect(page.getByText('המשך 9')).toHaveCount(0);
    // What the member had not seen is marked new for this visit; what they had, not.
    await expect(page.locator(`#message-${news[0]} .badge--new`)).toHaveText('חדשה');
    await expect(page.locator(`#message-${news[1]}`)).toHaveClass(/is-new/);
    await expect(page.locator('article.message', { hasText: 'תגובה ישנה 3' })).not.toHaveClass(/is-new/);

    // Reading on: the next page starts right after this one, and the newest has no link onwards.
    const newer = page.getByRole('link', { name: 'הצגת הודעות חדשות יותר...' });
    const readToEnd = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/notifications/read') &&
        (response.request().postDataJSON() as { messageIds: number[] }).messageIds.includes(news[8] ?? 0),
    );
    await newer.click();
    await expect(page).toHaveURL(`/topic/${post.id}?message=${news[2]}`);
    await expect(page.locator(`#message-${news[2]}`)).toBeInViewport();
    await expect(page.locator(`#message-${news[8]}`)).toHaveClass(/is-new/);
    await expect(page.getByText('המשך 9')).toBeVisible();
    await expect(page.getByText('המשך 1', { exact: true })).toHaveCount(0);
    await expect(newer).toHaveCount(0);
    expect((await readToEnd).ok()).toBe(true);

    // Read to the end: the list has nothing new for it, until another message comes.
    await page.locator('.breadcrumbs').getByRole('link', { name: 'לימודים וקריירה' }).click();
    await expect(card).toBeVisible();
    await expect(badge).toHaveCount(0);
    await page.goto('/unread');
    await expect(page.locator('.unread-page .empty-state, .unread-page .post-card').first()).toBeVisible();
    await expect(page.locator('.unread-page .post-card', { hasText: SUBJECT })).toHaveCount(0);
    await page.goto(`/forum/${FORUM_ID}`);
    const last = await adminReply('עוד אחת');
    await page.reload();
    await expect(badge).toHaveAccessibleName('1 חדשה מאז הקריאה האחרונה: מעבר לראשונה');
    await expect(badge).toHaveAttribute('href', `/topic/${post.id}?message=${last.id}`);

    // Through the subject, the latest page: only the one not seen is new, the member's own reply is not.
    await card.getByRole('link', { name: SUBJECT }).click();
    await expect(page.locator(`#message-${last.id}`)).toHaveClass(/is-new/);
    await expect(page.locator('.message.is-new')).toHaveCount(1);
    await page.locator('section.reply-writer .writer-content').click();
    await page.keyboard.type('תגובה שלי');
    await page.getByRole('button', { name: 'שליחת תגובה' }).click();
    await expect(page.locator('article.message', { hasText: 'תגובה שלי' })).not.toHaveClass(/is-new/);
    await expect(page.locator('.message.is-new')).toHaveCount(1);
  } finally {
    await write(request, E2E_ADMIN_TOKEN, 'DELETE', `/api/topic/${post.id}`);
  }
});

test('a member marks everything read from the unread list', async ({ page, request }) => {
  const { post } = await newTopic(request, E2E_ADMIN_TOKEN, `נושא לסימון ${stamp}`, FORUM_ID);
  try {
    await asUser(page, E2E_USER_TOKEN);
    const marked = page.waitForResponse((response) => response.url().endsWith('/api/notifications/read'));
    await page.goto(`/topic/${post.id}`);
    expect((await marked).ok()).toBe(true);
    await write(request, E2E_ADMIN_TOKEN, 'POST', '/api/message', {
      topicId: post.id,
      content: '<p>חדשה</p>',
    });

    await page.goto('/unread');
    const listed = page.locator('.unread-page .post-card', { hasText: `נושא לסימון ${stamp}` });
    await expect(listed).toBeVisible();
    await page.getByRole('button', { name: 'סימון הכל כנקרא' }).click();
    await expect(page.getByText('כל הנושאים סומנו כנקראים')).toBeVisible();
    await expect(listed).toHaveCount(0);
    await expect(page.getByText('אין הודעות חדשות בנושאים שקראת')).toBeVisible();
    await expect(page.getByRole('button', { name: 'סימון הכל כנקרא' })).toHaveCount(0);

    await page.goto(`/forum/${FORUM_ID}`);
    const card = page.locator('.post-card', { hasText: `נושא לסימון ${stamp}` });
    await expect(card).toBeVisible();
    await expect(card.locator('.post-card__unread')).toHaveCount(0);
  } finally {
    await write(request, E2E_ADMIN_TOKEN, 'DELETE', `/api/topic/${post.id}`);
  }
});
