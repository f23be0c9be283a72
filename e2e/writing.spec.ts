import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { E2E_ADMIN_TOKEN, E2E_USER_TOKEN, asUser } from './fixtures';

// Topics this file creates live in the "לימודים וקריירה" forum (id 10) and are deleted by the admin
// at the end, so other specs keep seeing the seeded data.
const FORUM_ID = 10;
/** בישול ואוכל, of the seeded forums. */
const OTHER_FORUM_ID = 8;
const stamp = Date.now().toString(36).slice(-5);
const SUBJECT = `נושא בדיקה ${stamp}`;

const panelOf = (page: Page): Locator => page.locator('section.header-panel');

/** Pastes text as a browser would, with a plain and an HTML flavour. */
async function paste(editor: Locator, text: string, html?: string) {
  await editor.evaluate(
    (element, data) => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', data.text);
      if (data.html) transfer.setData('text/html', data.html);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    },
    { text, html },
  );
}

/** Writes a message with bold, a link, an emoji and a code block through the toolbar. */
async function writeRichMessage(page: Page, writer: Locator, words: string) {
  const editor = writer.locator('.writer-content');
  await editor.click();
  await page.keyboard.type(`${words} `);
  await writer.getByRole('button', { name: 'מודגש' }).click();
  await page.keyboard.type('מודגש');
  await writer.getByRole('button', { name: 'מודגש' }).click();
  await page.keyboard.type(' וקישור: ');
  await writer.getByRole('button', { name: 'קישור' }).click();
  await writer.getByLabel('כתובת הקישור').fill('https://example.com/guide');
  await writer.getByLabel('כתובת הקישור').press('Enter');
  // The editor takes the focus back a frame after a popover closes: keys pressed before that go
  // nowhere (on a busy machine the whole message once ended up in one code block).
  await expect(editor.locator('a[href="https://example.com/guide"]')).toBeVisible();
  await expect(editor).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await writer.getByRole('button', { name: 'סמיילים' }).click();
  await writer.getByRole('button', { name: 'חיוך' }).click();
  await expect(editor.locator('img[src="/emoji/1f600.svg"]')).toBeVisible();
  await expect(editor).toBeFocused();
  await page.keyboard.press('Enter');
  await writer.getByRole('button', { name: 'קוד' }).click();
  await page.keyboard.type('const answer = 42;');
}

/** Sends a report as a guest's browser would: a solved captcha and the XSRF header. */
async function reportThroughApi(
  request: APIRequestContext,
  messageId: number,
  content: string,
  email: string,
) {
  const challenge = (await (await request.get('/api/captcha')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  const captcha = Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
  const state = await request.storageState();
  const xsrf = state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.post('/api/messageReport', {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    data: { report: { messageId, content, email }, captcha },
  });
  expect(response.status()).toBe(200);
}

let topicId = 0;

test.describe
  .serial('writing, actions, search and moderation', () => {
    test('guests get the login panel when they write, like, search or open a guarded page', async ({
      page,
    }) => {
      await page.goto('/edit-profile');
      await expect(panelOf(page).getByText('כדי להיכנס לעמוד זה יש להתחבר לאתר')).toBeVisible();
      await expect(page).not.toHaveURL(/edit-profile/);
      for (const path of ['/message-reports', '/search/שלום']) {
        await page.goto(path);
        await expect(panelOf(page).getByText('כדי להיכנס לעמוד זה יש להתחבר לאתר')).toBeVisible();
        await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
      }

      await page.goto(`/forum/${FORUM_ID}`);
      await page.getByRole('button', { name: 'כתבו כאן…' }).click();
      await expect(panelOf(page).getByText('רוצים לכתוב? יש להתחבר קודם')).toBeVisible();

      const events: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/analytics')) events.push(request.postData() ?? '');
      });
      await page.locator('.bottom-bar').getByRole('button', { name: 'חיפוש' }).click();
      await expect(panelOf(page).getByText('יש להתחבר לאתר כדי לבצע חיפוש')).toBeVisible();
      await expect.poll(() => events.some((body) => body.includes('guest_search'))).toBe(true);

      await page.goto('/');
      await page.locator('.post-card a').first().click();
      await page.locator('.like-button').first().click();
      await expect(panelOf(page).getByText('רוצים לעשות לייק? יש להתחבר קודם')).toBeVisible();
    });

    test('a user writes a topic with bold, a link, code and an emoji', async ({ page }) => {
      await asUser(page, E2E_USER_TOKEN);
      await page.goto(`/forum/${FORUM_ID}`);
      const box = page.locator('.new-topic-box');
      await box.getByRole('button', { name: 'פתיחת נושא חדש' }).click();
      await expect(box.getByText('* לא ניתן לשלוח הודעה ללא נושא')).toBeVisible();
      await expect(box.getByText('* לא ניתן לשלוח הודעה ריקה')).toBeVisible();

      // Plain text only on paste; over 10000 characters is refused.
      const editor = box.locator('.writer-content');
      await paste(editor, 'א'.repeat(10_001));
      await box.getByRole('button', { name: 'פתיחת נושא חדש' }).click();
      await expect(box.getByText('* לא ניתן לשלוח הודעה ארוכה מ-10000 תווים')).toBeVisible();
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await paste(editor, 'טקסט מודבק', '<b style="color:red">טקסט מודבק</b>');
      await expect(editor.locator('p', { hasText: 'טקסט מודבק' })).toBeVisible();
      await expect(editor.locator('strong, b')).toHaveCount(0);
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');

      await box.getByLabel('נושא', { exact: true }).fill(`  ${SUBJECT}  `);
      await expect(box.getByLabel('נושא', { exact: true })).toHaveAttribute('maxlength', '40');
      await writeRichMessage(page, box, 'נושא חדש עם');
      await box.getByRole('button', { name: 'פתיחת נושא חדש' }).click();
      await expect(page.locator('.post-card', { hasText: SUBJECT })).toBeVisible();
      await expect(box.getByLabel('נושא', { exact: true })).toHaveValue('');
      await expect(editor).toHaveText('');

      await page.locator('.post-card a', { hasText: SUBJECT }).first().click();
      await expect(page).toHaveURL(/\/topic\/\d+/);
      topicId = Number(/\/topic\/(\d+)/.exec(page.url())?.[1]);
      const main = page.locator('article.message--main');
      await expect(main.locator('strong', { hasText: 'מודגש' })).toBeVisible();
      await expect(main.locator('a[href="https://example.com/guide"]')).toHaveAttribute('target', '_blank');
      await expect(main.locator('img[src="/emoji/1f600.svg"]')).toBeVisible();
      await expect(main.locator('pre')).toContainText('const answer = 42;');
    });

    test('replies: write, fail, edit, delete; like and unlike', async ({ page }) => {
      await asUser(page, E2E_USER_TOKEN);
      await page.goto(`/topic/${topicId}`);
      const writer = page.locator('section.reply-writer');
      // Each line typed reads in its own direction: Hebrew right to left though it opens in English.
      const typed = writer.locator('.writer-content');
      const directionOf = (line: Locator) => line.evaluate((element) => getComputedStyle(element).direction);
      await typed.click();
      await page.keyboard.type('Hello there.');
      await expect(typed).toHaveAttribute('dir', 'ltr');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Git או Python?');
      await expect(typed).toHaveAttribute('dir', 'rtl');
      await expect.poll(() => directionOf(typed.locator('p').first())).toBe('ltr');
      await expect.poll(() => directionOf(typed.locator('p').nth(1))).toBe('rtl');
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await expect(typed).toHaveAttribute('dir', 'rtl');
      await writeRichMessage(page, writer, 'תגובה עם');

      // A failed send shows the writer's failure box; clicking it clears it.
      await page.route('**/api/message', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: '{"error":"x","message":"x"}',
            })
          : route.continue(),
      );
      await writer.getByRole('button', { name: 'שליחת תגובה' }).click();
      const failure = writer.locator('.writer-failure');
      await expect(failure).toContainText('אירעה שגיאה');
      await expect(failure).toContainText('כדאי לנסות שוב מאוחר יותר');
      await failure.click();
      await expect(failure).toBeHidden();
      await page.unroute('**/api/message');

      await writer.getByRole('button', { name: 'שליחת תגובה' }).click();
      const reply = page.locator('article.message:not(.message--main)').last();
      await expect(reply.locator('strong', { hasText: 'מודגש' })).toBeVisible();
      await expect(reply.locator('pre')).toContainText('const answer = 42;');
      await expect(writer.locator('.writer-content')).toHaveText('');

      // Edit it.
      await reply.getByRole('button', { name: 'עריכה' }).click();
      const editor = reply.locator('.action-box .writer-content');
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('תגובה ערוכה');
      await reply.getByRole('button', { name: 'שמירה' }).click();
      await expect(reply.locator('.message-content')).toHaveText('תגובה ערוכה');
      await expect(reply.locator('.action-box')).toBeHidden();

      // Like and unlike.
      const like = reply.locator('.like-button');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(like).toContainText('1');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await expect(like).toContainText('0');

      // An action box closes on a click outside, armed after 300 ms.
      await reply.getByRole('button', { name: 'מחיקה' }).click();
      await expect(reply.locator('.action-box')).toBeVisible();
      await page.waitForTimeout(350);
      await page.locator('article.message--main .message-content').click();
      await expect(reply.locator('.action-box')).toBeHidden();

      // Delete it.
      await reply.getByRole('button', { name: 'מחיקה' }).click();
      await reply.locator('.action-box').getByRole('button', { name: 'מחיקה' }).click();
      await expect(page.locator('article.message:not(.message--main)')).toHaveCount(0);
    });

    test('a guest reports a message with the captcha', async ({ page }) => {
      await page.goto(`/topic/${topicId}`);
      const main = page.locator('article.message--main');
      await main.getByRole('button', { name: 'דיווח' }).click();
      const box = main.locator('.action-box');
      await box.getByRole('button', { name: 'שליחת דיווח' }).click();
      await expect(box.getByText('הדיווח חייב להכיל לפחות 5 תווים')).toBeVisible();
      await expect(box.getByText('יש להזין כתובת אימייל תקינה')).toBeVisible();
      await box.getByLabel('סיבת הדיווח').fill('תוכן פוגעני <b>ומטעה</b> & לא ראוי');
      await box.getByLabel('האימייל שלך').fill('guest@example.com');
      await box.getByRole('button', { name: 'שליחת דיווח' }).click();
      await expect(box.getByText('הדיווח נשלח, תודה!')).toBeVisible();
    });

    test('search: the length rule, a Hebrew prefix, more results, the empty and failed states', async ({
      page,
    }) => {
      await asUser(page, E2E_USER_TOKEN);
      await page.goto('/');
      await page.locator('.bottom-bar').getByRole('button', { name: 'חיפוש' }).click();
      const field = page.locator('.search-popover').getByRole('searchbox');
      await field.fill('תכ');
      await field.press('Enter');
      await expect(page.getByText('יש להזין לפחות 3 תווים לחיפוש')).toBeVisible();
      await field.fill('תכנ');
      await field.press('Enter');
      await expect(page).toHaveURL(/\/search\//);
      await expect(page.locator('.breadcrumbs')).toContainText('חיפוש: תכנ');
      await expect(page.locator('.post-card', { hasText: 'איך מתחילים ללמוד תכנות?' })).toBeVisible();

      await page.goto(`/search/${encodeURIComponent('ההודעה הפותחת')}`);
      await expect(page.locator('.search-results .post-card')).toHaveCount(7);
      await page.getByRole('button', { name: 'הצגת תוצאות חיפוש נוספות...' }).click();
      await expect(page.locator('.search-results .post-card')).toHaveCount(14);

      await page.goto(`/search/${encodeURIComponent('אין כזה דבר בכלל')}`);
      await expect(page.getByText('לא נמצאו תוצאות חיפוש')).toBeVisible();
      await page.getByRole('link', { name: 'חזרה לדף הבית' }).click();
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

      await page.route('**/api/search/**', (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.goto(`/search/${encodeURIComponent('תקלה בחיפוש')}`);
      await expect(page.locator('.search-failed')).toBeVisible();
    });

    test('an admin moves the topic, edits its subject, refreshes its image, handles reports, deletes it', async ({
      page,
      request,
    }) => {
      await asUser(page, E2E_ADMIN_TOKEN);
      await page.goto(`/topic/${topicId}`);
      const main = page.locator('article.message--main');

      await main.getByRole('button', { name: 'העברת נושא' }).click();
      let box = main.locator('.action-box');
      await box
        .getByRole('listbox', { name: 'העברה לפורום' })
        .getByRole('option', { name: 'בישול ואוכל' })
        .click();
      await box.getByRole('button', { name: 'העברה' }).click();
      await expect(box.getByText('הנושא הועבר בהצלחה')).toBeVisible();
      await box.getByRole('button', { name: 'סגירה' }).click();

      // A failure, then clicking it returns to the form; an empty subject is not saved.
      await main.getByRole('button', { name: 'עריכת נושא' }).click();
      box = main.locator('.action-box');
      // What is typed reads in its own direction: Hebrew right to left though it opens in English.
      await box.getByLabel('נושא').fill('Git');
      await expect(box.getByLabel('נושא')).toHaveAttribute('dir', 'ltr');
      await box.getByLabel('נושא').fill('Git או Python?');
      await expect(box.getByLabel('נושא')).toHaveAttribute('dir', 'rtl');
      await box.getByLabel('נושא').fill('   ');
      await expect(box.getByRole('button', { name: 'שמירה' })).toBeDisabled();
      await page.route('**/api/topic/subject', (route) => route.fulfill({ status: 500, body: '{}' }));
      await box.getByLabel('נושא').fill(`${SUBJECT} ערוך`);
      await box.getByRole('button', { name: 'שמירה' }).click();
      const failed = box.getByText('אירעה שגיאה, נסו שוב מאוחר יותר');
      await expect(failed).toBeVisible();
      await failed.click();
      await page.unroute('**/api/topic/subject');
      await box.getByRole('button', { name: 'שמירה' }).click();
      await expect(box.getByText('הנושא נשמר בהצלחה')).toBeVisible();
      await expect(page.getByRole('heading', { name: `${SUBJECT} ערוך` })).toBeVisible();
      await box.getByRole('button', { name: 'סגירה' }).click();

      await main.getByRole('button', { name: 'רענון תמונה' }).click();
      await main.locator('.action-box').getByRole('button', { name: 'רענון' }).click();
      await expect(main.getByText('התמונה רועננה בהצלחה')).toBeVisible();
      await main.locator('.action-box').getByRole('button', { name: 'סגירה' }).click();

      // Two replies to report: one report closed, one closed with its message deleted.
      await page.goto(`/topic/${topicId}`);
      const writer = page.locator('section.reply-writer');
      for (const text of ['תגובה ראשונה לדיווח', 'תגובה שנייה לדיווח']) {
        await writer.locator('.writer-content').click();
        await page.keyboard.type(text);
        await writer.getByRole('button', { name: 'שליחת תגובה' }).click();
        const reply = page.locator('article.message', { hasText: text });
        await expect(reply).toBeVisible();
        await reply.getByRole('button', { name: 'דיווח' }).click();
        await reply.getByLabel('סיבת הדיווח').fill(`דיווח על ${text}`);
        await reply.getByLabel('האימייל שלך').fill('admin-report@example.com');
        await reply.getByRole('button', { name: 'שליחת דיווח' }).click();
        await expect(reply.getByText('הדיווח נשלח, תודה!')).toBeVisible();
        await reply.locator('.action-box').getByRole('button', { name: 'סגירה' }).click();
      }

      await page.route('**/api/messageReport', (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.goto('/message-reports');
      await expect(page.getByText('משהו לא עבד')).toBeVisible();
      await page.unroute('**/api/messageReport');
      await page.goto('/message-reports');
      await expect(page.locator('.breadcrumbs')).toContainText('דיווחים על הודעות');
      const first = page.locator('.report-card', { hasText: 'דיווח על תגובה ראשונה לדיווח' });
      await expect(first.locator('.message-content')).toHaveText('תגובה ראשונה לדיווח');
      // Dated as every other page of the forum (client/lib/dates.ts), not in he-IL's short style.
      await expect(first.locator('.report-meta time')).toHaveText(/^\d{1,2} ב\S+ \d{4}, \d{1,2}:\d{2}$/);
      await first.getByRole('button', { name: 'סגירת הדיווח' }).click();
      await expect(first).toBeHidden();
      const second = page.locator('.report-card', { hasText: 'דיווח על תגובה שנייה לדיווח' });
      await second.getByRole('button', { name: 'סגירה ומחיקת ההודעה' }).click();
      await expect(second).toBeHidden();
      // The guest's report keeps its text as typed, shown as text.
      await expect(
        page.locator('.report-card', { hasText: 'תוכן פוגעני <b>ומטעה</b> & לא ראוי' }),
      ).toBeVisible();

      await page.goto(`/topic/${topicId}`);
      await expect(page.locator('article.message', { hasText: 'תגובה ראשונה לדיווח' })).toBeVisible();

      // More reports than a page: 7 shown, then 'show previous reports...' adds the rest.
      const firstReply = await page
        .locator('article.message', { hasText: 'תגובה ראשונה לדיווח' })
        .getAttribute('id');
      const firstId = Number(firstReply?.replace('message-', ''));
      for (let index = 1; index <= 8; index += 1) {
        await reportThroughApi(
          request,
          firstId,
          `דיווח נוסף מספר ${index}`,
          `extra-${index}-${stamp}@example.com`,
        );
      }
      await page.goto('/message-reports');
      await expect(page.locator('.report-card')).toHaveCount(7);
      await page.getByRole('button', { name: 'הצגת דיווחים קודמים...' }).click();
      await expect(page.locator('.report-card')).toHaveCount(9);
      await expect(page.getByRole('button', { name: 'הצגת דיווחים קודמים...' })).toHaveCount(0);
      for (let index = 1; index <= 8; index += 1) {
        const extra = page.locator('.report-card', { hasText: `דיווח נוסף מספר ${index}` });
        await extra.getByRole('button', { name: 'סגירת הדיווח' }).click();
        await expect(extra).toBeHidden();
      }
      await page.goto(`/topic/${topicId}`);
      await expect(page.locator('article.message', { hasText: 'תגובה שנייה לדיווח' })).toHaveCount(0);

      await main.getByRole('button', { name: 'מחיקת נושא' }).click();
      await main.locator('.action-box').getByRole('button', { name: 'מחיקה' }).click();
      await expect(page).toHaveURL(new RegExp(`/forum/${OTHER_FORUM_ID}$`));
      await expect(page.locator('.post-card', { hasText: SUBJECT })).toHaveCount(0);

      // The guest's report now points at a deleted message.
      await page.goto('/message-reports');
      const orphan = page.locator('.report-card', { hasText: 'תוכן פוגעני' });
      await expect(orphan.getByText('- ההודעה נמחקה -')).toBeVisible();
      await orphan.getByRole('button', { name: 'סגירת הדיווח' }).click();
      await expect(orphan).toBeHidden();
    });
  });
