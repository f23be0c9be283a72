import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  BUSY_FORUM_ID,
  E2E_ADMIN_TOKEN,
  E2E_USER_TOKEN,
  MARKUP_TOPIC,
  topicIdBySubject,
  write,
} from './fixtures';

// Every screen, in both themes, on a 320 px phone (WCAG 1.4.10 reflow: 320 CSS px is 1280 px at
// 400 % zoom) and a 1280 px desktop: no WCAG 2.2 A or AA rule axe knows fails, and at 320 px nothing
// scrolls sideways.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Screen {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  /** What shows once the screen has loaded. */
  ready: string;
  /** Opens a panel or box after load, for the screens whose open state is checked. */
  open?: (page: Page) => Promise<void>;
}

async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(' '))
        .join(', ')})`,
  );
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

const headerButton = (page: Page, name: string) =>
  page.locator('.site-header__actions').getByRole('button', { name, exact: true });

const GUEST_SCREENS: Screen[] = [
  { name: 'home', path: '/', ready: '.post-card' },
  { name: 'forum', path: `/forum/${BUSY_FORUM_ID}`, ready: '.post-card' },
  {
    name: 'topic',
    path: async (page) => `/topic/${await topicIdBySubject(page.request, MARKUP_TOPIC)}`,
    ready: 'pre code.hljs',
  },
  { name: 'policy', path: '/policy', ready: '.policy' },
  { name: 'not-found', path: '/page/not-found', ready: '.not-found h1' },
  { name: 'activation', path: '/activate-user/not-a-valid-link', ready: '.activation-page' },
  { name: 'reset', path: '/forgot-password/not-a-valid-link', ready: '.activation-page' },
  {
    name: 'login panel',
    path: '/',
    ready: '.post-card',
    open: async (page) => {
      await headerButton(page, 'התחברות').click();
      await expect(page.locator('section.header-panel')).toBeVisible();
    },
  },
  {
    name: 'register panel',
    path: '/',
    ready: '.post-card',
    open: async (page) => {
      await headerButton(page, 'הרשמה').click();
      await expect(page.locator('section.header-panel')).toBeVisible();
    },
  },
];

const USER_SCREENS: Screen[] = [
  { name: 'edit profile', path: '/edit-profile', ready: '.profile-sections' },
  { name: 'unread', path: '/unread', ready: '.unread-page .empty-state, .unread-page .post-card' },
  {
    name: 'search',
    path: '/search/עיצוב',
    ready: '.breadcrumbs',
    open: async (page) => {
      await page.locator('.search-button > button').first().click();
      await expect(page.locator('.search-popover')).toBeVisible();
    },
  },
];

const ADMIN_SCREENS: Screen[] = [
  { name: 'message reports', path: '/message-reports', ready: '.breadcrumbs' },
  { name: 'moderation log', path: '/moderation-log', ready: '.breadcrumbs' },
  { name: 'admin forums', path: '/admin/forums', ready: '.admin-forum' },
  { name: 'admin site', path: '/admin/site', ready: 'main form' },
  { name: 'admin members', path: '/admin/members', ready: '.member-row' },
  {
    name: 'admin member',
    path: '/admin/members',
    ready: '.member-row',
    open: async (page) => {
      await page.locator('.member-row').first().click();
      await expect(page).toHaveURL(/\/admin\/members\/\d+$/);
      await expect(page.locator('.member-row')).toHaveCount(0);
    },
  },
];

async function checkScreen(page: Page, screen: Screen, label: string, width: number) {
  const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
  await page.goto(path);
  // Generous waits: on a loaded test machine a lazily loaded screen can take a while to settle.
  await expect(page.locator(screen.ready).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.loader')).toHaveCount(0, { timeout: 30_000 });
  await screen.open?.(page);
  await expect(page.locator('.loader')).toHaveCount(0, { timeout: 30_000 });
  const where = `${label} ${screen.name}`;
  const found = await violations(page, where);
  if (width <= 320) {
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) found.push(`${where}: scrolls sideways by ${overflow}px`);
  }
  expect(found).toEqual([]);
}

const ROLES = [
  { role: 'guest', token: null, screens: GUEST_SCREENS },
  { role: 'member', token: E2E_USER_TOKEN, screens: USER_SCREENS },
  { role: 'admin', token: E2E_ADMIN_TOKEN, screens: ADMIN_SCREENS },
];

for (const width of [320, 1280]) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`accessibility at ${width}px, ${theme}`, () => {
      test.use({ viewport: { width, height: 800 }, colorScheme: theme });

      for (const { role, token, screens } of ROLES) {
        for (const screen of screens) {
          test(`${screen.name} (${role})`, async ({ page }) => {
            if (token) await page.addInitScript((value) => localStorage.setItem('authToken', value), token);
            await checkScreen(page, screen, theme, width);
          });
        }
      }
    });
  }
}

test("a member's word without a space wraps in its box on a 320 px phone", async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  // A subject of one 40-letter word, the longest a subject may be, and the newest topic.
  const subject = `מילה${'ארוכה'.repeat(7)}${Date.now().toString(36).slice(-1)}`;
  const { post } = await write<{ post: { id: number; forumId: number } }>(
    request,
    E2E_USER_TOKEN,
    'POST',
    '/api/topic/',
    { subject, message: `<p>${'בלירווחים'.repeat(8)}</p>`, forumId: BUSY_FORUM_ID },
  );
  try {
    for (const path of ['/', `/forum/${BUSY_FORUM_ID}`, `/topic/${post.id}`]) {
      await page.goto(path);
      await expect(page.getByText(subject).first()).toBeVisible();
      expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBe(0);
    }
    // The slider's preview of it wraps too, rather than losing the word past its two lines.
    await page.goto('/');
    const preview = page.locator('.slider__preview', { hasText: 'בלירווחים' }).first();
    const widths = await preview.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(widths[0]).toBe(widths[1]);
  } finally {
    await write(request, E2E_ADMIN_TOKEN, 'DELETE', `/api/topic/${post.id}`);
  }
});
