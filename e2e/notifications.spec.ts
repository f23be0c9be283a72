import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, E2E_ADMIN_TOKEN, E2E_USER_TOKEN, write } from './fixtures';
import { waitForMailWith } from './mail';

const SUBJECT = 'נושא ארוך לבדיקת ההתראות';
const SHOTS = process.env.NOTIFY_SHOTS_DIR;

async function loggedInPage(browser: Browser, token: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return context.newPage();
}

/** Calls the API as the admin's browser would: bearer token and the XSRF header. */
async function asAdmin(request: APIRequestContext, method: 'post' | 'delete', path: string, data?: unknown) {
  await request.get('/api/forums');
  const state = await request.storageState();
  const xsrf = state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request[method](path, {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

async function badgeCount(page: Page): Promise<number> {
  const label = (await page.locator('.bell__button').getAttribute('aria-label')) ?? '';
  const match = /(\d+)/.exec(label);
  if (match?.[1]) return Number(match[1]);
  return label.includes('התראה חדשה אחת') ? 1 : 0;
}

test.describe('notifications', () => {
  test.describe.configure({ mode: 'serial' });
  let topicId = 0;

  test.afterAll(async ({ request }) => {
    // The topic goes again, so the lists the later specs read are as the seed left them.
    if (topicId) await asAdmin(request, 'delete', `/api/topic/${topicId}`);
  });

  test('the author sees the bell rise, lands on the reply in an old page, and unsubscribes by mail', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const created = (await asAdmin(request, 'post', '/api/topic', {
      forumId: 1,
      subject: SUBJECT,
      message: '<p>נושא שיתמלא בתגובות</p>',
    })) as { post: { id: number } };
    topicId = created.post.id;
    for (let index = 1; index <= 3; index += 1) {
      await asAdmin(request, 'post', '/api/message', { topicId, content: `<p>תגובה מוקדמת ${index}</p>` });
    }

    // The author is logged in elsewhere, with a clock the spec can move by a minute.
    const author = await loggedInPage(browser, E2E_ADMIN_TOKEN);
    await author.clock.install();
    await author.goto('/');
    await expect(author.locator('.bell__button')).toBeVisible();
    await expect.poll(() => author.locator('.bell__button').getAttribute('aria-label')).toMatch(/התראות/);
    await author.waitForLoadState('networkidle');
    const before = await badgeCount(author);

    // A user replies to the author's topic.
    const since = Date.now();
    const replyText = `תגובה שתגיע בהתראה ${since}`;
    const reader = await loggedInPage(browser, E2E_USER_TOKEN);
    await reader.goto(`/topic/${topicId}`);
    const writer = reader.locator('section.reply-writer');
    await writer.locator('.writer-content').click();
    await reader.keyboard.type(replyText);
    const sent = reader.waitForResponse(
      (response) => response.url().endsWith('/api/message') && response.request().method() === 'POST',
    );
    await writer.getByRole('button', { name: 'שליחת תגובה' }).click();
    const reply = (await (await sent).json()) as { id: number };
    await reader.context().close();

    // The topic goes on without it: the reply ends up in an older page than the latest 7.
    for (let index = 1; index <= 8; index += 1) {
      await asAdmin(request, 'post', '/api/message', { topicId, content: `<p>תגובה מאוחרת ${index}</p>` });
    }

    // A minute later the bell asks again and counts one more.
    await author.clock.fastForward('01:05');
    await expect.poll(() => badgeCount(author), { timeout: 15_000 }).toBe(before + 1);
    await expect(author.locator('.bell__badge')).toHaveText(String(before + 1));

    // The mail goes out at once (the queue skips what was read before it ran, so wait for it here).
    const mail = await waitForMailWith(E2E_ADMIN.email, replyText, since, 60_000);
    expect(mail).toContain(`/topic/${topicId}?message=${reply.id}`);
    const unsubscribe = /https?:\/\/[^\s"'<>]+\/mail\/unsubscribe\/[A-Za-z0-9_.~%-]+/.exec(mail)?.[0];
    expect(unsubscribe).toBeTruthy();

    await author.locator('.bell__button').click();
    const panel = author.getByRole('region', { name: 'התראות', exact: true });
    const newest = panel.getByRole('link').first();
    await expect(newest).toContainText('חדשה');
    await expect(newest).toContainText(SUBJECT);
    if (SHOTS) await author.screenshot({ path: `${SHOTS}/bell-1280.png` });
    await newest.click();

    await expect(author).toHaveURL(`/topic/${topicId}?message=${reply.id}`);
    const target = author.locator(`#message-${reply.id}`);
    await expect(target).toHaveClass(/is-highlighted/);
    await expect(target).toContainText(replyText);
    await expect(target).toBeInViewport();
    // An old page: the latest replies are not on it, a link leads to them, and earlier ones still load.
    await expect(author.getByText('תגובה מאוחרת 8')).toHaveCount(0);
    await expect(author.getByRole('link', { name: 'הצגת הודעות חדשות יותר...' })).toBeVisible();
    await expect(author.getByText('תגובה מוקדמת 1')).toBeVisible();
    if (SHOTS) await author.screenshot({ path: `${SHOTS}/topic-at-1280.png` });

    // Reading the message marks its notification read.
    await expect.poll(() => badgeCount(author), { timeout: 10_000 }).toBe(before);

    // The mail's unsubscribe link works: confirm, and the preference has changed.
    await author.goto(new URL(unsubscribe ?? '').pathname);
    await author.getByRole('button', { name: 'הסרה' }).click();
    await expect(author.getByText('לא יישלחו אליך עוד מיילים')).toBeVisible();

    await author.goto('/edit-profile');
    await author.getByRole('button', { name: 'התראות במייל' }).click();
    const replies = author.getByRole('group', { name: 'תגובות לנושאים שלי וציטוטים של הודעותיי' });
    await expect(replies.getByRole('radio', { name: 'אף פעם' })).toBeChecked();
    const likes = author.getByRole('group', { name: 'לייקים להודעות שלי' });
    await expect(likes.getByRole('radio', { name: 'אף פעם' })).toBeChecked();
    if (SHOTS) await author.screenshot({ path: `${SHOTS}/preferences-1280.png`, fullPage: true });
    await author.context().close();
  });

  test('typing @ and two letters offers usernames; the mention shows as avatar and name', async ({
    browser,
  }) => {
    const page = await loggedInPage(browser, E2E_USER_TOKEN, 375);
    await page.goto(`/topic/${topicId}`);
    const writer = page.locator('section.reply-writer');
    await writer.locator('.writer-content').click();
    await page.keyboard.type('שלום @מנ');
    const option = page.getByRole('option', { name: E2E_ADMIN.username });
    await expect(option).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/mention-375.png` });
    await page.keyboard.press('Enter');
    await expect(writer.locator('.writer-content')).toHaveText(`שלום @${E2E_ADMIN.username}`);
    await page.keyboard.type('מה שלומך?');
    await writer.getByRole('button', { name: 'שליחת תגובה' }).click();
    const mention = page.locator('.message-content .mention').last();
    await expect(mention).toHaveText(`@${E2E_ADMIN.username}`);
    await expect(mention.locator('img.mention__avatar')).toHaveCount(1);
    await expect(mention.locator('a')).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/topic-375.png` });

    // The bell on a narrow screen, as the mentioned author sees it.
    const author = await loggedInPage(browser, E2E_ADMIN_TOKEN, 375);
    await author.goto('/');
    await author.locator('.bell__button').click();
    await expect(
      author.getByRole('region', { name: 'התראות', exact: true }).getByRole('link').first(),
    ).toBeVisible();
    if (SHOTS) await author.screenshot({ path: `${SHOTS}/bell-375.png` });
    await author.context().close();
    await page.context().close();
  });

  test('a sentence quoting a subject of one long word wraps inside the list on a 320 px phone', async ({
    browser,
    request,
  }) => {
    // The member's topic, a subject of one 40-letter word, and the admin's reply to it.
    const subject = `מילה${'ארוכה'.repeat(7)}${Date.now().toString(36).slice(-1)}`;
    const { post } = await write<{ post: { id: number } }>(request, E2E_USER_TOKEN, 'POST', '/api/topic/', {
      forumId: 1,
      subject,
      message: '<p>נושא עם מילה ארוכה</p>',
    });
    try {
      await write(request, E2E_ADMIN_TOKEN, 'POST', '/api/message', {
        topicId: post.id,
        content: '<p>תגובה</p>',
      });
      const reader = await loggedInPage(browser, E2E_USER_TOKEN, 320);
      await reader.goto('/');
      await reader.locator('.bell__button').click();
      const item = reader.locator('.notification', { hasText: subject }).first();
      await expect(item).toBeVisible();
      const widths = await item.evaluate((element) => [element.scrollWidth, element.clientWidth]);
      expect(widths[0], 'the item is as wide as its content').toBe(widths[1]);
      await reader.context().close();
    } finally {
      await write(request, E2E_ADMIN_TOKEN, 'DELETE', `/api/topic/${post.id}`);
    }
  });
});
