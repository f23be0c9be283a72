import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { measureClientWeight } from '../bench/client-weight';

// Issue 10's budget, on the built client the suite serves: what a topic page downloads before
// interaction (the entry, the page's chunk and their static imports), on the wire as Chromium
// receives it (the build's brotli twins). `npm run bench` prints the same figures per page.
test('the topic page loads at most 100 KB of JavaScript and 15 KB of CSS before interaction', () => {
  const { topic } = measureClientWeight(path.resolve('dist/client'));
  expect(topic.jsBrotli, `JS files: ${topic.files.join(', ')}`).toBeLessThanOrEqual(100 * 1024);
  expect(topic.cssBrotli).toBeLessThanOrEqual(15 * 1024);
});

test('pages load React Router in its production build, without the components the app does not use', () => {
  const { topic } = measureClientWeight(path.resolve('dist/client'));
  const bundles = {
    browser: topic.files
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join('dist/client', file), 'utf8'))
      .join('\n'),
    server: readFileSync('dist/server-render/entry-server.js', 'utf8'),
  };
  for (const [side, code] of Object.entries(bundles)) {
    // A developer warning of <Routes>, built on every render by the development build
    // (scripts/vite-react-router.ts).
    expect(code, side).not.toContain('No routes matched location');
    // The attribute Link, NavLink and Form put on what they render: the app's links are AppLink.
    expect(code, side).not.toContain('data-discover');
    expect(code, side).toContain('useNavigate() may be used only in the context of a <Router> component.');
  }
});

test('a guest reading a topic never downloads zod, the editor or the action boxes', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(path.basename(new URL(response.url()).pathname));
  });
  await page.goto('/');
  await page.locator('a[href^="/topic/"]').first().click();
  await expect(page.locator('.message-content').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Chunk names come from their first module (vite's manifest): zod's is "schemas", TipTap's the editor's.
  const unexpected = scripts.filter((file) =>
    /^(schemas|writer-editor|logged-in-writer|report-box|edit-box|move-box|subject-box|notification-bell)-/.test(
      file,
    ),
  );
  expect(unexpected).toEqual([]);
});
