import { expect, test } from '@playwright/test';
import {
  E2E_SITE_NAME,
  E2E_SOCIAL_URL,
  E2E_USER,
  E2E_USER_TOKEN,
  holdBack,
  hydrated,
  isEntryScript,
  MARKUP_TOPIC,
  topicIdBySubject,
} from './fixtures';

const FORUM_NAMES = [
  'כללי',
  'חדשות ואקטואליה',
  'מחשבים ותכנות',
  'משחקים',
  'מוזיקה',
  'סרטים וסדרות',
  'ספורט',
  'בישול ואוכל',
  'טיולים',
  'לימודים וקריירה',
];

test.describe('the shell', () => {
  test('every main region reads right to left, in Hebrew', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    for (const selector of ['header.site-header', 'main', 'footer.site-footer', 'nav.bottom-bar']) {
      const direction = await page
        .locator(selector)
        .evaluate((element) => getComputedStyle(element).direction);
      expect(direction, selector).toBe('rtl');
    }
    // Right to left: the logo sits at the right edge of the header, the login buttons at the left.
    const brand = await page.locator('.brand').boundingBox();
    const login = await page.getByRole('button', { name: 'התחברות' }).boundingBox();
    expect(brand && login && brand.x > login.x).toBe(true);
  });

  test('the Hebrew web font is shipped by the app itself', async ({ page }) => {
    const fontHosts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontHosts.add(new URL(request.url()).host);
    });
    await page.goto('/');
    await expect(page.locator('.post-card').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Rubik Variable"', 'שלום'))).toBe(true);
    expect([...fontHosts]).toEqual([new URL(page.url()).host]);
  });

  test('guests see login and register; the login panel opens', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'הרשמה' })).toBeVisible();
    await page.getByRole('button', { name: 'התחברות' }).click();
    await expect(page.locator('.site-header__panel')).toBeVisible();
  });

  test('a logged-in user sees the avatar and the user menu', async ({ page }) => {
    await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_USER_TOKEN);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: E2E_USER.username });
    await expect(toggle).toBeVisible();
    await expect(toggle.locator('img.avatar')).toHaveAttribute('src', /\/api\/avatars\//);
    await toggle.click();
    await expect(page.getByRole('menuitem', { name: 'עריכת פרופיל' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'דיווחים על הודעות' })).toHaveCount(0);
    // The seeded session is shared by other specs: the revocation call is checked, not let through.
    let revoked = false;
    await page.route('**/api/logout', (route) => {
      revoked = route.request().headers().authorization === `Bearer ${E2E_USER_TOKEN}`;
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
    });
    await page.getByRole('menuitem', { name: 'התנתקות' }).click();
    await expect.poll(() => revoked).toBe(true);
    await expect(page.getByRole('button', { name: 'התחברות' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  test('a stored token the server refuses logs the visitor out and opens the login panel', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('authToken', 'not-a-real-token'));
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'התחברות' })).toBeVisible();
    await expect(page.locator('.site-header__panel')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  test('the bottom bar lists every forum with its icon and name, and the search button', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'ניווט בין הפורומים' });
    for (const name of FORUM_NAMES) await expect(bar.getByRole('link', { name })).toBeVisible();
    await expect(bar.locator('.bottom-bar__icon')).toHaveCount(FORUM_NAMES.length);
    // Icons are Twemoji images, so they show on a machine without an emoji font (like this one).
    const iconsDrawn = await bar
      .locator('img.bottom-bar__icon')
      .evaluateAll((icons) =>
        icons.every((icon) => icon instanceof HTMLImageElement && icon.complete && icon.naturalWidth > 0),
      );
    expect(iconsDrawn).toBe(true);
    await expect(
      bar
        .getByRole('link', { name: 'חיפוש' })
        .or(bar.getByRole('button', { name: /חיפוש/ }))
        .first(),
    ).toBeVisible();
    await bar.getByRole('link', { name: 'ספורט' }).click();
    await expect(page).toHaveURL(/\/forum\/7$/);
  });

  test('the footer has the forums, social page, terms, archive, licence and copyright', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer.site-footer');
    for (const name of FORUM_NAMES)
      await expect(footer.getByRole('link', { name, exact: true })).toHaveCount(1);
    const social = footer.getByRole('link', { name: 'העמוד שלנו ברשתות החברתיות' });
    await expect(social).toHaveAttribute('target', '_blank');
    await expect(social).toHaveAttribute('href', E2E_SOCIAL_URL);
    await expect(footer.getByRole('link', { name: 'תנאי השימוש' })).toHaveAttribute('href', '/policy');
    await expect(footer.getByRole('link', { name: 'ארכיון' })).toBeVisible();
    await expect(footer.getByRole('link', { name: /CC BY-SA 3\.0/ })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by-sa/3.0/deed.he',
    );
    const year = new Date().getFullYear();
    await expect(footer).toContainText(`2001–${year}`);
  });

  test("the server's SITE_NAME names the header, footer, home heading and title", async ({ page }) => {
    const site = await page.request.get('/api/site');
    expect(site.headers()['cache-control']).toBe('no-cache');
    expect(await site.json()).toEqual({
      siteName: E2E_SITE_NAME,
      description: '',
      contactEmail: '',
      socialUrl: E2E_SOCIAL_URL,
      archiveUrl: 'https://archive.forum.test/',
    });
    await page.goto('/');
    const brand = page.locator('header.site-header .brand');
    await expect(brand).toHaveAccessibleName(`${E2E_SITE_NAME} – דף הבית`);
    await expect(brand.locator('.brand__name')).toHaveText(E2E_SITE_NAME);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(E2E_SITE_NAME);
    await expect(page.locator('.site-footer__legal')).toContainText(E2E_SITE_NAME);
    await expect(page.locator('body')).not.toContainText('קהילה');
    await expect(page).toHaveTitle(`${E2E_SITE_NAME}: דף הבית`);
  });

  test('the header and the page content keep to 1000px on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto('/');
    const bar = await page.locator('.site-header__bar').boundingBox();
    expect(bar?.width).toBe(1000);
  });

  test('links move inside the app once it runs, back goes back, and the bottom bar marks the forum shown', async ({
    page,
  }) => {
    const documents: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'document') documents.push(new URL(sent.url()).pathname);
    });
    await page.goto('/');
    const firstCard = page.locator('.post-card__subject a').first();
    // Hydrated: React has taken the server's links.
    await expect
      .poll(() =>
        firstCard.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactProps'))),
      )
      .toBe(true);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const subject = (await firstCard.textContent()) ?? '';
    await firstCard.click();
    await expect(page).toHaveURL(/\/topic\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);

    const crumbs = page.getByRole('navigation', { name: 'פירורי לחם' });
    const forumCrumb = crumbs.getByRole('link').nth(1);
    const forumName = (await forumCrumb.textContent()) ?? '';
    await forumCrumb.click();
    await expect(page).toHaveURL(/\/forum\/\d+$/);
    const bar = page.getByRole('navigation', { name: 'ניווט בין הפורומים' });
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(bar.locator('.bottom-bar__item.active[aria-current="page"]')).toContainText(forumName);

    await page.goBack();
    await expect(page).toHaveURL(/\/topic\/\d+$/);
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(0);
    await page.locator('footer.site-footer').getByRole('link', { name: 'תנאי השימוש' }).click();
    await expect(page).toHaveURL(/\/policy$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(documents).toEqual(['/']);
  });

  test('title and canonical follow each navigation; page views go to analytics', async ({
    page,
    request,
  }) => {
    const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
    const views: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/analytics') && sent.method() === 'POST')
        views.push(sent.postDataJSON().path);
    });
    await page.goto('/');
    await expect(page).toHaveTitle(`${E2E_SITE_NAME}: דף הבית`);
    const origin = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/`);
    // A server-rendered page counts its view when the app runs, after the first paint
    // (shared/app-loader-script.ts): a reader who has left before then is not counted.
    await expect.poll(() => views).toEqual(['/']);

    await page.goto(`/topic/${topicId}`);
    await expect(page).toHaveTitle(`${E2E_SITE_NAME}: ${MARKUP_TOPIC}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/topic/${topicId}`);
    await expect.poll(() => views).toEqual(['/', `/topic/${topicId}`]);

    await page.getByRole('navigation', { name: 'פירורי לחם' }).getByRole('link', { name: 'כללי' }).click();
    await expect(page).toHaveTitle(`${E2E_SITE_NAME}: כללי`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/forum/1`);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect.poll(() => views).toEqual(['/', `/topic/${topicId}`, '/forum/1']);
  });

  test('noindex is added on the activation page and removed on leaving it', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await page.goto('/activate-user/some-value');
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    await page.locator('footer').getByRole('link', { name: 'תנאי השימוש' }).click();
    await expect(page).toHaveURL(/\/policy$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('noindex on search for a logged-in user; a guest is stopped with the login panel', async ({
    page,
  }) => {
    const views: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/analytics')) views.push(sent.postDataJSON().path);
    });
    await page.goto('/search/שלום');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('.site-header__panel')).toContainText('כדי להיכנס לעמוד זה יש להתחבר לאתר');
    // The guarded page was never shown: only the page the guest was sent to counts as a view.
    await expect.poll(() => views).toEqual(['/']);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    await page.evaluate((token) => localStorage.setItem('authToken', token), E2E_USER_TOKEN);
    await page.goto('/search/שלום');
    await expect(page).toHaveURL(/\/search\//);
    await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
    await page.locator('footer').getByRole('link', { name: 'תנאי השימוש' }).click();
    await expect(page).toHaveURL(/\/policy$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('the place a reader scrolled to before the app ran is restored on back', async ({ page }) => {
    // The app's scripts come late, as on a slow phone: the reader scrolls the server's page first.
    const deliverEntry = await holdBack(page, isEntryScript);
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('.post-card')).toHaveCount(7);
    await page.locator('.post-card').nth(5).scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    deliverEntry();
    const topicLink = page.locator('.post-card').nth(5).getByRole('heading').getByRole('link');
    await hydrated(topicLink);
    await topicLink.click();
    // The topic shown, not only addressed: until its chunk is in, the home page is still on screen.
    await expect(page.locator('.topic-header h1')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(5);
  });

  test('scroll position is restored on back and forward', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/');
    await expect(page.locator('.post-card')).toHaveCount(7);
    await page.locator('.post-card').nth(5).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(300);
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    // The app keeps and restores the position on its own (client-side) navigations: before the
    // page has hydrated, the link is a plain one and the browser loads the topic as a new document.
    const topicLink = page.locator('.post-card').nth(5).getByRole('heading').getByRole('link');
    await hydrated(topicLink);
    await topicLink.click();
    await expect(page).toHaveURL(/\/topic\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(5);
    await page.goForward();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('not found', () => {
  test('an unknown path ends at /page/not-found, answered with HTTP 404 and a Hebrew page', async ({
    page,
  }) => {
    const statuses = new Map<string, number>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document')
        statuses.set(new URL(response.url()).pathname, response.status());
    });
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/page\/not-found$/);
    await expect(page.getByRole('heading', { name: 'העמוד לא נמצא' })).toBeVisible();
    expect(statuses.get('/no/such/page')).toBe(404);
    expect(statuses.get('/page/not-found')).toBe(404);
  });

  test('the not-found route sends the browser on to /page/not-found', async ({ page }) => {
    await page.goto('/not-found');
    await expect(page).toHaveURL(/\/page\/not-found$/);
    await expect(page.getByRole('heading', { name: 'העמוד לא נמצא' })).toBeVisible();
    await page.getByRole('link', { name: 'חזרה לדף הבית' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown forum and an unknown topic redirect to not-found', async ({ page }) => {
    await page.goto('/forum/999');
    await expect(page).toHaveURL(/\/page\/not-found$/);
    await page.goto('/topic/999999');
    await expect(page).toHaveURL(/\/page\/not-found$/);
    await expect(page.getByRole('heading', { name: 'העמוד לא נמצא' })).toBeVisible();
  });
});
