import { expect, type Page, test } from '@playwright/test';

// Dark mode and reduced motion (issue 16, "Beyond the walk").

const selectedDot = (page: Page) => page.locator('.slider__dot[aria-current="true"]');
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BACKGROUND = 'rgb(15, 20, 32)';
const LIGHT_BACKGROUND = 'rgb(244, 246, 251)';

test.describe('dark mode', () => {
  test('follows the system before any of the app runs, with no script refused by the CSP', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    // Without the app's bundle only the head script can set the theme: the first paint is dark.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await pageBackground(page)).toBe(DARK_BACKGROUND);
    await page.unroute('**/assets/*.js');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await pageBackground(page)).toBe(LIGHT_BACKGROUND);
    expect(refused).toEqual([]);
  });

  test('the header toggle switches the theme and the browser keeps the choice', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'מצב כהה' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await pageBackground(page)).toBe(DARK_BACKGROUND);

    // Kept across visits, and it wins over the system's setting.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'מצב כהה' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'מצב כהה' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await pageBackground(page)).toBe(LIGHT_BACKGROUND);
  });

  test('without a choice, the page follows the system as it changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'מצב כהה' })).toHaveAttribute('aria-pressed', 'false');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'מצב כהה' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('the slider', () => {
  test.describe('under reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('does not advance by itself and changes slides at once', async ({ page }) => {
      await page.clock.install();
      await page.goto('/');
      const slider = page.getByRole('region', { name: 'נושאים מובילים' });
      await expect(slider.locator('.slider__slide')).toHaveCount(3);
      await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 1');
      await expect(slider.getByRole('button', { name: 'הפעלת ההחלפה האוטומטית' })).toBeVisible();
      await page.clock.runFor(35_000);
      await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 1');

      // A picked slide shows with no sliding: the track is in place without the clock moving.
      await slider.getByRole('button', { name: 'מעבר לנושא 2' }).click();
      await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 2');
      // Within five frames of the paused clock (80 ms): a jump lands at once, a slide would take
      // hundreds of milliseconds.
      const offsetOfSlide2 = () =>
        page.evaluate(() => {
          const slide = document.querySelectorAll('.slider__slide')[1];
          const viewport = document.querySelector('.slider__viewport');
          if (!slide || !viewport) return Number.NaN;
          return Math.abs(slide.getBoundingClientRect().x - viewport.getBoundingClientRect().x);
        });
      let offset = await offsetOfSlide2();
      for (let frame = 0; frame < 5 && !(offset < 1); frame += 1) {
        await page.clock.runFor(16);
        offset = await offsetOfSlide2();
      }
      expect(offset).toBeLessThan(1);
      await page.clock.runFor(25_000);
      await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 2');
    });
  });

  test('the pause control stops and restarts the rotation (WCAG 2.2.2)', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'נושאים מובילים' });
    await expect(slider.locator('.slider__slide')).toHaveCount(3);
    await slider.getByRole('button', { name: 'עצירת ההחלפה האוטומטית' }).click();
    await page.clock.runFor(25_000);
    await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 1');
    await slider.getByRole('button', { name: 'הפעלת ההחלפה האוטומטית' }).click();
    await page.clock.runFor(10_500);
    await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 2');
  });

  test('keyboard focus inside holds the slide; arrow keys move between slides', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'נושאים מובילים' });
    await expect(slider.locator('.slider__slide')).toHaveCount(3);
    const dot = slider.getByRole('button', { name: 'מעבר לנושא 1' });
    // Tab until the first dot has focus: it is reachable from the keyboard.
    for (
      let step = 0;
      step < 40 && !(await dot.evaluate((node) => node === document.activeElement));
      step += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(dot).toBeFocused();
    await page.clock.runFor(25_000);
    await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 1');
    // Right to left: the left arrow shows the next slide.
    await page.keyboard.press('ArrowLeft');
    await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 2');
    await page.keyboard.press('ArrowRight');
    await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 1');
    // Focus leaves: the rotation resumes.
    await page.locator('.post-card a').first().focus();
    await page.clock.runFor(10_500);
    await expect(selectedDot(page)).toHaveAccessibleName('מעבר לנושא 2');
  });
});
