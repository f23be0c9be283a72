import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  E2E_ADMIN_TOKEN,
  E2E_USER,
  E2E_USER_TOKEN,
  MARKUP_TOPIC,
  topicIdBySubject,
  asUser,
} from './fixtures';

// What a new user and an admin tripped on while walking every screen on a phone and a desktop
// (issue 16, "Found on the walk"), a test per finding, plus where focus goes as boxes open and close.

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 900 };

/** Whether the point at the middle of `locator` hits it (not the bottom bar, nor a clipped edge). */
async function hitAtCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

async function insideViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box).not.toBeNull();
  expect(size).not.toBeNull();
  if (!box || !size) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
}

/** Puts `locator` just above the fixed bottom bar, where a box opening under it would be hidden. */
async function scrollToJustAboveBottomBar(locator: Locator) {
  await locator.evaluate((element) => {
    const bar = document.querySelector('.bottom-bar')?.getBoundingClientRect().height ?? 0;
    const box = element.getBoundingClientRect();
    window.scrollBy(0, box.bottom - (window.innerHeight - bar - 8));
  });
}

const focusedInside = (locator: Locator) =>
  locator.evaluate((element) => element.contains(document.activeElement));

test.describe('found on the walk', () => {
  let topicId = 0;
  test.beforeAll(async ({ request }) => {
    topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  });

  test('1. the move box lists the forums with their icons as images, and works from the keyboard', async ({
    page,
  }) => {
    await asUser(page, E2E_ADMIN_TOKEN);
    await page.goto(`/topic/${topicId}`);
    const main = page.locator('article.message--main');
    const opener = main.getByRole('button', { name: 'העברת נושא' });
    await opener.click();
    const list = main.getByRole('listbox', { name: 'העברה לפורום' });
    const options = list.getByRole('option');
    await expect(options).toHaveCount(10);
    for (const option of await options.all()) {
      // No emoji character in the text (an empty box without an emoji font); a loaded image instead.
      expect(await option.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
      await expect(option.locator('img.forum-icon')).toHaveJSProperty('complete', true);
      expect(
        await option.locator('img.forum-icon').evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBeGreaterThan(0);
    }
    // Focus is in the list, on the topic's own forum; arrows move the choice, letters jump to a forum.
    await expect(list).toBeFocused();
    await expect(list.getByRole('option', { selected: true })).toHaveText('כללי');
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { selected: true })).toHaveText('חדשות ואקטואליה');
    const active = await list.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await expect(page.locator(`[id="${active}"]`)).toHaveText('חדשות ואקטואליה');
    await page.keyboard.press('End');
    await expect(list.getByRole('option', { selected: true })).toHaveText('לימודים וקריירה');
    // Hebrew letters are not on the test keyboard's layout, so the key presses are sent as events.
    await list.dispatchEvent('keydown', { key: 'ס' });
    await list.dispatchEvent('keydown', { key: 'פ' });
    await expect(list.getByRole('option', { selected: true })).toHaveText('ספורט');
    await expect(main.getByRole('button', { name: 'העברה', exact: true })).toBeEnabled();
    const axe = await new AxeBuilder({ page }).include('article.message--main .action-box').analyze();
    const serious = axe.violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
    expect(serious.map((violation) => violation.id)).toEqual([]);
    // Escape closes the box without moving anything, and focus goes back to its button.
    await page.keyboard.press('Escape');
    await expect(main.locator('.action-box')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  for (const size of [DESKTOP, PHONE]) {
    test(`2. the birthdate picker opens fully visible and leaves the submit reachable (${size.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto('/');
      await page.locator('.site-header__actions').getByRole('button', { name: 'הרשמה' }).click();
      const panel = page.locator('section.header-panel');
      await panel.getByRole('combobox', { name: 'תאריך לידה' }).click();
      const picker = panel.getByRole('dialog');
      await expect(picker.locator('.rdp-root')).toBeVisible();
      await insideViewport(page, picker);
      const typed = picker.getByLabel('או הקלידו תאריך');
      const confirm = picker.getByRole('button', { name: 'אישור' });
      expect(await hitAtCentre(typed)).toBe(true);
      expect(await hitAtCentre(confirm)).toBe(true);
      await typed.fill('14/03/1990');
      await confirm.click();
      await expect(picker).toHaveCount(0);
      await expect(panel.getByRole('combobox', { name: 'תאריך לידה' })).toHaveValue('14/03/1990');
      const submit = panel.locator('button[type="submit"]');
      await submit.scrollIntoViewIfNeeded();
      expect(await hitAtCentre(submit)).toBe(true);
    });
  }

  test('3. the header panel takes focus, keeps it while open, and gives it back on Escape', async ({
    page,
  }) => {
    await page.goto('/');
    const panel = page.locator('section.header-panel');
    for (const [button, firstField] of [
      ['התחברות', 'אימייל'],
      ['הרשמה', 'שם משתמש'],
    ] as const) {
      const opener = page.locator('.site-header__actions').getByRole('button', { name: button });
      await opener.click();
      await expect(panel.getByLabel(firstField, { exact: true })).toBeFocused();
      // Tab and Shift+Tab go round inside the panel.
      for (let step = 0; step < 12; step += 1) {
        await page.keyboard.press('Tab');
        expect(await focusedInside(panel)).toBe(true);
      }
      await panel.getByLabel(firstField, { exact: true }).focus();
      for (let step = 0; step < 3; step += 1) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusedInside(panel)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(opener).toBeFocused();
    }

    // Escape in the register panel's calendar closes the calendar only, back on its field.
    await page.locator('.site-header__actions').getByRole('button', { name: 'הרשמה' }).click();
    const birthdate = panel.getByRole('combobox', { name: 'תאריך לידה' });
    await birthdate.click();
    await panel.getByLabel('או הקלידו תאריך').focus();
    await page.keyboard.press('Escape');
    await expect(panel.getByRole('dialog')).toHaveCount(0);
    await expect(panel).toBeVisible();
    await expect(birthdate).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
  });

  test('3. a guest prompt opens the login panel with focus in it, and Escape returns to the prompt', async ({
    page,
  }) => {
    await page.goto(`/topic/${topicId}`);
    const like = page.locator('article.message--main .like-button');
    await like.click();
    const panel = page.locator('section.header-panel');
    await expect(panel.getByText('רוצים לעשות לייק? יש להתחבר קודם')).toBeVisible();
    await expect(panel.getByLabel('אימייל', { exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(like).toBeFocused();
  });

  test('3. an action box takes focus, Escape closes it and focus returns to its button', async ({ page }) => {
    await page.goto(`/topic/${topicId}`);
    const main = page.locator('article.message--main');
    const report = main.getByRole('button', { name: 'דיווח' });
    await report.click();
    await expect(main.getByLabel('סיבת הדיווח')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(main.locator('.action-box')).toHaveCount(0);
    await expect(report).toBeFocused();
  });

  test("4. a logged-in member's report has their email filled in, still editable", async ({ page }) => {
    await asUser(page, E2E_USER_TOKEN);
    await page.goto(`/topic/${topicId}`);
    const main = page.locator('article.message--main');
    await main.getByRole('button', { name: 'דיווח' }).click();
    const email = main.getByLabel('האימייל שלך');
    await expect(email).toHaveValue(E2E_USER.email);
    await email.fill('other@forum.test');
    await expect(email).toHaveValue('other@forum.test');
  });

  test('5. edit profile sections are disclosures whose chevron points left when closed, down when open', async ({
    page,
  }) => {
    await asUser(page, E2E_USER_TOKEN);
    await page.goto('/edit-profile');
    /** Where the chevron's tip points on screen: it is drawn pointing down, then transformed. */
    const tipOf = (button: Locator) =>
      button.locator('svg').evaluate((chevron) => {
        const transform = getComputedStyle(chevron).transform;
        const matrix = new DOMMatrix(transform === 'none' ? undefined : transform);
        const tip = matrix.transformPoint(new DOMPoint(0, 1));
        return `${Math.round(tip.x)},${Math.round(tip.y)}`;
      });
    for (const name of ['שינוי סיסמה', 'שינוי אימייל', 'שינוי תאריך לידה']) {
      const button = page.getByRole('button', { name });
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      const controls = await button.getAttribute('aria-controls');
      expect(controls).toBeTruthy();
      const body = page.locator(`[id="${controls}"]`);
      await expect(body).toBeHidden();
      await expect.poll(() => tipOf(button)).toBe('-1,0');
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(body).toBeVisible();
      await expect(body.locator('form')).toBeVisible();
      await expect.poll(() => tipOf(button)).toBe('0,1');
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    }
  });

  // 6. Covers carry no text: server/modules/images/cover-image.test.ts renders a cover with fonts
  // and without any, and requires the same pixels (the server makes the covers; no page can tell).

  test('7. an open box scrolls clear of the fixed bottom bar on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await asUser(page, E2E_ADMIN_TOKEN);
    await page.goto(`/topic/${topicId}`);
    const main = page.locator('article.message--main');
    const opener = main.getByRole('button', { name: 'העברת נושא' });
    await expect(opener).toBeVisible();
    await scrollToJustAboveBottomBar(opener);
    await opener.click();
    const list = main.getByRole('listbox', { name: 'העברה לפורום' });
    await expect(list).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const confirm = main.getByRole('button', { name: 'העברה', exact: true });
    await expect(confirm).toBeEnabled();
    await expect.poll(() => hitAtCentre(confirm)).toBe(true);
    await page.keyboard.press('Escape');

    // The end of the page (the footer's last line) scrolls clear of the bar too.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => hitAtCentre(page.locator('.site-footer__legal p').last())).toBe(true);
  });

  test('8. on a phone the licence never breaks inside and the bottom bar shows that it scrolls', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const code = page.locator('.site-footer__legal').getByText('(CC BY-SA 3.0)');
    await expect(code).toBeVisible();
    // Its parts may be separate boxes (right-to-left text around a left-to-right name), all on one line.
    const lines = await code.evaluate(
      (element) => new Set(Array.from(element.getClientRects(), (rect) => Math.round(rect.bottom))).size,
    );
    expect(lines).toBe(1);

    const bar = page.locator('.bottom-bar__list');
    await expect(bar.getByRole('link')).toHaveCount(10);
    const mask = () => bar.evaluate((element) => getComputedStyle(element).maskImage);
    // More forums beyond the left (end) edge: that edge fades; the start does not.
    await expect(bar).toHaveAttribute('data-more-end', 'true');
    await expect(bar).not.toHaveAttribute('data-more-start', 'true');
    expect(await mask()).toContain('gradient');
    // Scrolled to the end, the fade moves to the start edge.
    await bar.evaluate((element) => element.scrollTo({ left: -element.scrollWidth }));
    await expect(bar).toHaveAttribute('data-more-start', 'true');
    await expect(bar).not.toHaveAttribute('data-more-end', 'true');

    // Where every forum fits, nothing fades.
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect(bar).not.toHaveAttribute('data-more-end', 'true');
    await expect(bar).not.toHaveAttribute('data-more-start', 'true');
    expect(await mask()).toBe('none');
  });
});
