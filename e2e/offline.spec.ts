import { expect, test } from '@playwright/test';

test('the service worker registers once the app is idle and a revisit starts offline', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.locator('.post-card').first()).toBeVisible();
  // Registered when idle after load, well before the 30000 ms fallback.
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(scope).toBe(new URL('/', page.url()).href);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).some((name) => name.includes('precache'))))
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Offline the server's name (/api/site) cannot be had, so the brand shows the built-in one.
  await expect(page.getByRole('link', { name: /קהילה/ }).first()).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('משהו לא עבד');
  await context.setOffline(false);
});
