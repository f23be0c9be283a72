import { expect, type Page, test } from '@playwright/test';
import {
  asUser,
  E2E_ADMIN,
  E2E_ADMIN_TOKEN,
  E2E_USER_TOKEN,
  hydrated,
  newTopic,
  reply,
  write,
} from './fixtures';

// A member's unsent writing is kept in the browser (client/lib/drafts.ts), and a message can be
// quoted into the reply (client/components/writer/quote-requests.ts; docs/product.md §4). The
// topics live in "לימודים וקריירה" (id 10) and are deleted at the end, so other specs keep the seed.
const FORUM_ID = 10;
const stamp = Date.now().toString(36).slice(-5);

const replyEditor = (page: Page) => page.locator('section.reply-writer .writer-content');

test('a reply not yet sent survives a reload, another page and a failed send, and goes once sent', async ({
  page,
  request,
}) => {
  const { post } = await newTopic(request, E2E_ADMIN_TOKEN, `נושא לטיוטות ${stamp}`, FORUM_ID);
  try {
    await asUser(page, E2E_USER_TOKEN);
    await page.goto(`/topic/${post.id}`);
    await replyEditor(page).click();
    await page.keyboard.type('תגובה ארוכה שכמעט נגמרה');
    await page.keyboard.press('Enter');
    await page.keyboard.type('ועוד שורה');

    await page.reload();
    await expect(replyEditor(page).locator('p')).toHaveText(['תגובה ארוכה שכמעט נגמרה', 'ועוד שורה']);

    // Away through the app's own links and back.
    await page.locator('.breadcrumbs').getByRole('link', { name: 'דף הבית' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(replyEditor(page)).toContainText('ועוד שורה');

    // A send that fails keeps it.
    await page.route('**/api/message', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByRole('button', { name: 'שליחת תגובה' }).click();
    await expect(page.locator('.writer-failure')).toBeVisible();
    await page.unroute('**/api/message');
    await page.reload();
    await expect(replyEditor(page)).toContainText('ועוד שורה');

    // Sent, it is gone: the writer opens empty.
    await page.getByRole('button', { name: 'שליחת תגובה' }).click();
    await expect(page.locator('article.message', { hasText: 'ועוד שורה' })).toBeVisible();
    await expect(replyEditor(page)).toHaveText('');
    await page.reload();
    await expect(page.locator('article.message', { hasText: 'ועוד שורה' })).toBeVisible();
    await expect(replyEditor(page)).toHaveText('');
  } finally {
    await write(request, E2E_ADMIN_TOKEN, 'DELETE', `/api/topic/${post.id}`);
  }
});

test('a new topic’s subject and text come back, and logging out forgets them', async ({ page }) => {
  await asUser(page, E2E_USER_TOKEN);
  await page.goto(`/forum/${FORUM_ID}`);
  const box = page.locator('.new-topic-box');
  const subject = box.getByLabel('נושא', { exact: true });
  await subject.fill(`טיוטת נושא ${stamp}`);
  await box.locator('.writer-content').click();
  await page.keyboard.type('פתיחה שעוד לא נשלחה');

  await page.reload();
  await expect(subject).toHaveValue(`טיוטת נושא ${stamp}`);
  await expect(box.locator('.writer-content')).toHaveText('פתיחה שעוד לא נשלחה');

  // Logging out on purpose (the seed's session kept on the server for the other specs).
  await page.route('**/api/logout', (route) => route.fulfill({ status: 200, body: '{}' }));
  await page.locator('.user-menu__toggle').click();
  await page.getByRole('menuitem', { name: 'התנתקות' }).click();
  await expect(page.locator('.user-menu')).toHaveCount(0);
  // Back in (the token is set again on load): nothing kept.
  await page.reload();
  await expect(box.locator('.writer-content')).toBeVisible();
  await expect(subject).toHaveValue('');
  await expect(box.locator('.writer-content')).toHaveText('');
});

test('a member quotes a message into the reply, and its author is told of the quote', async ({
  page,
  request,
}) => {
  const { post } = await newTopic(request, E2E_ADMIN_TOKEN, `נושא לציטוט ${stamp}`, FORUM_ID);
  const quoted = await write<{ id: number }>(request, E2E_ADMIN_TOKEN, 'POST', '/api/message', {
    topicId: post.id,
    content: `<blockquote>ציטוט ישן</blockquote><p>משפט ששווה לצטט ${stamp}</p>`,
  });
  try {
    // A guest sees the action too (the bar does not move when a session is known) and is asked to log in.
    await page.goto(`/topic/${post.id}`);
    await hydrated(page.locator(`#message-${quoted.id}`));
    await page.locator(`#message-${quoted.id}`).getByRole('button', { name: 'ציטוט בתגובה' }).click();
    await expect(page.locator('section.header-panel').getByText('רוצים לכתוב? יש להתחבר קודם')).toBeVisible();

    await asUser(page, E2E_USER_TOKEN);
    await page.goto(`/topic/${post.id}`);
    const message = page.locator(`#message-${quoted.id}`);
    await message.getByRole('button', { name: 'ציטוט בתגובה' }).click();
    const quote = replyEditor(page).locator('blockquote');
    await expect(quote.locator('p')).toHaveText([`${E2E_ADMIN.username} כתב/ה:`, `משפט ששווה לצטט ${stamp}`]);
    // The caret waits after it, in the writer.
    await expect(replyEditor(page)).toBeFocused();
    await page.keyboard.type('מסכימה לגמרי');

    await page.getByRole('button', { name: 'שליחת תגובה' }).click();
    const sent = page.locator('article.message', { hasText: 'מסכימה לגמרי' });
    await expect(sent.locator('blockquote')).toContainText(`משפט ששווה לצטט ${stamp}`);
    await expect(sent.locator('blockquote')).not.toContainText('ציטוט ישן');

    // The quoted message's author hears of it as a quote.
    const notifications = await request.get('/api/notifications', {
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    });
    const { notifications: list } = (await notifications.json()) as {
      notifications: { kind: string; topicId: number }[];
    };
    expect(list.filter((item) => item.topicId === post.id).map((item) => item.kind)).toEqual(['quote']);
  } finally {
    await write(request, E2E_ADMIN_TOKEN, 'DELETE', `/api/topic/${post.id}`);
  }
});

test('an edit closed by a click outside comes back when the box opens again; cancel throws it away', async ({
  page,
  request,
}) => {
  const { post } = await newTopic(request, E2E_ADMIN_TOKEN, `נושא לעריכה ${stamp}`, FORUM_ID);
  try {
    const mine = await reply(request, E2E_USER_TOKEN, post.id, 'הנוסח הראשון');
    await asUser(page, E2E_USER_TOKEN);
    await page.goto(`/topic/${post.id}`);
    const message = page.locator(`#message-${mine.id}`);
    const box = message.locator('.action-box');
    const editor = box.locator('.writer-content');
    const openEdit = async () => {
      await message.getByRole('button', { name: 'עריכה' }).click();
      await expect(editor).toBeVisible();
      await page.waitForTimeout(350); // the click outside arms after 300 ms
    };
    const typeAtEnd = async (text: string) => {
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(text);
    };
    const clickOutside = () => page.locator('article.message--main .message-content').click();

    await openEdit();
    await typeAtEnd(' ועוד מילה');
    await clickOutside();
    await expect(box).toBeHidden();
    await openEdit();
    await expect(editor).toHaveText('הנוסח הראשון ועוד מילה');

    // Cancel means "throw it away": the next edit starts from the message again.
    await box.getByRole('button', { name: 'ביטול' }).click();
    await expect(box).toBeHidden();
    await openEdit();
    await expect(editor).toHaveText('הנוסח הראשון');

    // An edit begun on a text that has changed since is not offered over the new one.
    await typeAtEnd(' שנשכח');
    await clickOutside();
    await write(request, E2E_USER_TOKEN, 'PUT', '/api/message', {
      messageId: mine.id,
      content: '<p>הנוסח מהטלפון</p>',
    });
    await page.reload();
    await openEdit();
    await expect(editor).toHaveText('הנוסח מהטלפון');

    // Saved, the edit leaves no draft behind.
    await typeAtEnd(' ונשמר');
    await box.getByRole('button', { name: 'שמירה' }).click();
    await expect(message.locator('.message-content')).toHaveText('הנוסח מהטלפון ונשמר');
    await openEdit();
    await expect(editor).toHaveText('הנוסח מהטלפון ונשמר');
  } finally {
    await write(request, E2E_ADMIN_TOKEN, 'DELETE', `/api/topic/${post.id}`);
  }
});
