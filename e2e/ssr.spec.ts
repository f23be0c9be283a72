import { type ConsoleMessage, expect, type Page, test } from '@playwright/test';
import { HYDRATED_ATTRIBUTE } from '../shared/app-loader-script';
import {
  holdBack,
  isEntryScript,
  BUSY_FORUM_ID,
  E2E_ADMIN_TOKEN,
  E2E_SITE_NAME,
  E2E_USER,
  E2E_USER_TOKEN,
  MARKUP_TOPIC,
  topicIdBySubject,
} from './fixtures';

// Server rendering (issue 10): the HTML carries the page without JavaScript, and hydration of that
// HTML, as a guest or logged in, logs no error and no hydration warning.

/**
 * Every console error of a page, the warnings of hydration and of our own headers (Chromium warns
 * of a Permissions-Policy feature it does not know), and uncaught errors.
 */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    // The not-found page is answered with a real 404, which the browser reports as such.
    if (page.url().endsWith('/page/not-found') && text.includes('status of 404')) return;
    if (message.type() === 'error' || /hydrat|did not match|Permissions-Policy/i.test(text))
      problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Makes the page's CPU `rate` times slower, as a phone's; the function returned gives its speed back. */
async function slowCpu(page: Page, rate: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  };
}

test('without JavaScript a reader reads a topic, goes to its forum and back home through plain links', async ({
  browser,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`/topic/${topicId}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${E2E_SITE_NAME}: ${MARKUP_TOPIC}`);
  await expect(page.getByRole('heading', { level: 1, name: MARKUP_TOPIC })).toBeVisible();
  // The main message and the latest 7 replies, as the first screen of docs/product.md §2.
  await expect(page.locator('article.message')).toHaveCount(8);
  await expect(page.getByRole('button', { name: 'הצגת הודעות מוקדמות יותר...' })).toBeVisible();
  const breadcrumbs = page.getByRole('navigation', { name: 'פירורי לחם' });
  const forumLink = breadcrumbs.getByRole('link').nth(1);
  const forumName = (await forumLink.textContent()) ?? '';
  await forumLink.click();
  await expect(page).toHaveURL(/\/forum\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: forumName })).toBeVisible();
  await expect(page.locator('.post-list__items > li').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'פירורי לחם' }).getByRole('link', { name: 'דף הבית' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.slider__slide').first()).toBeVisible();
  await expect(page.locator('.post-list__items > li')).toHaveCount(7);
  await context.close();
});

test('an unknown topic answers 404 with the not-found page, then goes on to /page/not-found', async ({
  page,
}) => {
  const response = await page.goto('/topic/987654321');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/page\/not-found$/);
  await expect(page.getByRole('heading', { name: 'העמוד לא נמצא' })).toBeVisible();
});

for (const who of ['guest', 'admin'] as const) {
  test(`each server-rendered page hydrates without a warning (${who})`, async ({ page, request }) => {
    const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
    if (who === 'admin')
      await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_ADMIN_TOKEN);
    const problems = watchConsole(page);
    for (const path of ['/', `/forum/${BUSY_FORUM_ID}`, `/topic/${topicId}`, '/policy', '/page/not-found']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Hydrated: the server's HTML answers clicks now (the menu or the login panel opens).
      if (who === 'admin') {
        await expect(page.getByRole('button', { name: /מנהלת הפורום/ })).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: 'התחברות' })).toBeVisible();
      }
    }
    expect(problems).toEqual([]);
  });
}

test('personal parts appear after hydration in place of the guest ones', async ({ page, request }) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_ADMIN_TOKEN);
  const problems = watchConsole(page);
  const html = await (await request.get(`/topic/${topicId}`)).text();
  // The HTML is the guest's: login buttons, no admin tool.
  expect(html).toContain('התחברות');
  expect(html).not.toContain('מחיקת נושא');
  await page.goto(`/topic/${topicId}`);
  await expect(page.getByRole('button', { name: /מנהלת הפורום/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'התחברות' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'מחיקת נושא' }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a member can open an action box as soon as the page hydrates, before the session check and the sanitiser arrive', async ({
  page,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_USER_TOKEN);
  const problems = watchConsole(page);
  // The session check and the message sanitiser's chunk (which a page of messages loads after its
  // own) both wait until the box is open and typed into.
  const answerSession = await holdBack(page, (url) => url.pathname === '/api/validate-token');
  const deliverSanitizer = await holdBack(page, (url) =>
    /^\/assets\/sanitize-[\w-]+\.js$/.test(url.pathname),
  );
  await page.goto(`/topic/${topicId}`);
  // Hydrated: the stored token has replaced the guest's login button (the member's name is not
  // known yet), and the page below hydrated with the header.
  await expect(page.getByRole('button', { name: 'התחברות' })).toHaveCount(0);
  const main = page.locator('article.message--main');
  await main.getByRole('button', { name: 'דיווח' }).click();
  const reason = main.getByLabel('סיבת הדיווח');
  await expect(reason).toBeFocused();
  await reason.fill('נכתב לפני שהחיבור אומת');
  // The same elements must stay, not new ones put in their place.
  const box = await main.locator('.action-box').elementHandle();
  const lastMessage = await page.locator('article.message').last().elementHandle();
  answerSession();
  await expect(page.getByRole('button', { name: E2E_USER.username })).toBeVisible();
  deliverSanitizer();
  // Whatever the answers set off (the member's tools and writer, the read mark) has had its time.
  await page.waitForLoadState('networkidle');
  expect(await box?.evaluate((element) => element.isConnected)).toBe(true);
  expect(await lastMessage?.evaluate((element) => element.isConnected)).toBe(true);
  await expect(reason).toHaveValue('נכתב לפני שהחיבור אומת');
  await expect(reason).toBeFocused();
  // The untouched email field takes the member's address once it is known.
  await expect(main.getByLabel('האימייל שלך')).toHaveValue(E2E_USER.email);
  // The messages kept the markup the server sanitised, code highlighted as before.
  await expect(page.locator('.message-content').first()).not.toBeEmpty();
  expect(problems).toEqual([]);
});

test("a click on the page once the header has taken the member's session is not lost, though the page's chunk came late", async ({
  page,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_USER_TOKEN);
  const problems = watchConsole(page);
  // The topic page's chunk comes late, as on a slow phone: when the test has clicked, or after a
  // few seconds. The header must not come alive before the page it sits on.
  const deliverPage = await holdBack(page, (url) => /^\/assets\/topic-page-[\w-]+\.js$/.test(url.pathname));
  const timer = setTimeout(deliverPage, 3000);
  await page.goto(`/topic/${topicId}`, { waitUntil: 'commit' });
  const login = page.getByRole('button', { name: 'התחברות' });
  await expect(login).toBeVisible();
  // What the member sees of hydration: the header has taken their session. They click at once.
  await expect(login).toHaveCount(0);
  const main = page.locator('article.message--main');
  await main.getByRole('button', { name: 'דיווח' }).click();
  deliverPage();
  clearTimeout(timer);
  await expect(main.getByLabel('סיבת הדיווח')).toBeFocused();
  expect(problems).toEqual([]);
});

test("a tap on the header's theme switch while the page hydrates on a slow phone is not lost", async ({
  page,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  const problems = watchConsole(page);
  // Hydration is a transition: React yields between slices, and a tap in the middle lands on a
  // button the app does not run yet (the switch is a lazy part of the header whose chunk may not be
  // in). The page's loader holds the tap until the button is live and the root hydrated, then taps
  // again. A CPU twenty times slower makes hydration last seconds.
  const fullSpeed = await slowCpu(page, 20);
  await page.goto(`/topic/${topicId}`, { waitUntil: 'commit' });
  // Hydration has begun: React has taken the page's root.
  await page.waitForFunction(
    () =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    null,
    { polling: 5 },
  );
  const before = await page.evaluate(() => document.documentElement.dataset.theme);
  // A finger, not Playwright's click, which would first wait for frames the slow CPU makes late.
  const box = await page.locator('.theme-toggle').boundingBox();
  if (!box) throw new Error('the theme switch is not on the page');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await fullSpeed();
  await expect(page.locator('html')).toHaveAttribute('data-theme', before === 'dark' ? 'light' : 'dark');
  expect(problems).toEqual([]);
});

test('a page is hydrated in slices, the browser free to run other work between them', async ({
  page,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  const problems = watchConsole(page);
  // How many tasks of the page run between the moment React takes the page's root and the end of its
  // first pass, which hydrates the footer last? Hydrated at React's default priority that pass is one
  // task (on a phone the longest of the page's load): a tick of the loop below can see the root taken
  // before it starts, and the next sees the footer done. As a transition React renders a few
  // milliseconds at a time and the loop runs between the slices: 2–16 ticks here at twenty times
  // slower, 10–14 in most runs; at the default priority 1 in every run (measured 2026-11-28). The
  // header alone was a poor marker: the header, the page's frame and the footer hydrate within a few
  // milliseconds after the work above them, and half the runs saw them in one slice.
  await page.addInitScript((attribute) => {
    const hydrated = (element: Element | null) =>
      element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const rootTaken = (element: Element | null) =>
      element !== null && Object.keys(element).some((key) => key.startsWith('__reactContainer$'));
    const channel = new MessageChannel();
    const state = { between: 0 };
    Object.assign(window, { hydrationSlices: state });
    channel.port1.onmessage = () => {
      const root = document.getElementById('root');
      if (root?.hasAttribute(attribute)) return;
      if (rootTaken(root) && !hydrated(document.querySelector('.site-footer'))) state.between += 1;
      channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  }, HYDRATED_ATTRIBUTE);
  // Twenty times slower, as the tap test: the first pass then lasts about 400 ms here.
  const fullSpeed = await slowCpu(page, 20);
  await page.goto(`/topic/${topicId}`);
  // About five seconds of hydration at that speed here: room for a busier machine.
  await expect(page.locator('#root')).toHaveAttribute(HYDRATED_ATTRIBUTE, '', { timeout: 30_000 });
  await fullSpeed();
  const between = await page.evaluate(
    () => (window as unknown as { hydrationSlices: { between: number } }).hydrationSlices.between,
  );
  expect(between).toBeGreaterThan(1);
  expect(problems).toEqual([]);
});

test("a reader's scroll and click on the page before the app's scripts arrive are kept", async ({
  page,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  const problems = watchConsole(page);
  // The entry comes late, as on a slow phone: the page is read, scrolled and clicked first.
  const deliverEntry = await holdBack(page, isEntryScript);
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto(`/topic/${topicId}`, { waitUntil: 'commit' });
  const messages = page.locator('article.message');
  await expect(messages).toHaveCount(8);
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.getByRole('button', { name: 'הצגת הודעות מוקדמות יותר...' }).click();
  await page.waitForTimeout(300);
  // Nothing happened yet: the button is dead HTML until the app runs.
  await expect(messages).toHaveCount(8);
  deliverEntry();
  // Hydrated, the app clicks the held button again, and the place the reader scrolled to stays.
  await expect(messages).toHaveCount(15);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(400);
  expect(problems).toEqual([]);
});

test("a visit from a social link (a query no page reads) gets the path's page and hydrates without a warning", async ({
  page,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  const plain = await request.get(`/topic/${topicId}`);
  const tracked = await request.get(`/topic/${topicId}?fbclid=IwAR0e2e&utm_source=facebook`);
  expect(tracked.status()).toBe(200);
  expect(tracked.headers().etag).toBe(plain.headers().etag);
  const problems = watchConsole(page);
  await page.goto(`/topic/${topicId}?fbclid=IwAR0e2e`);
  await expect(page.locator('#root')).toHaveAttribute(HYDRATED_ATTRIBUTE, '');
  await expect(page.getByRole('heading', { level: 1, name: MARKUP_TOPIC })).toBeVisible();
  expect(problems).toEqual([]);
});

test('hydration fetches none of the data the page came with', async ({ browser, request }) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  // Two first visits. Without the block, the service worker the first page registers once idle
  // could be active by the second, which then is the precached shell that asks for its data (its
  // own test below): it was, once in a run of seven spec files here.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const fetched: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (/^\/api\/(home|forum|topic|forums|site)\b/.test(url.pathname)) fetched.push(url.pathname);
  });
  await page.goto(`/topic/${topicId}`);
  await page.waitForLoadState('networkidle');
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  await context.close();
});

test("a guest's page carries the writer's prompt and none of the styles of the editor, the birthdate picker or another page", async ({
  page,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  // A guest sees a prompt where the writer is: its styles travel in the page, the editor's (toolbar,
  // popovers, TipTap's base styles: four fifths of the writer's CSS) do not, nor the birthdate
  // picker's, which only the registration and profile forms show. Each comes with its chunk.
  for (const path of [`/topic/${topicId}`, `/forum/${BUSY_FORUM_ID}`]) {
    const html = await (await request.get(path)).text();
    // Booleans: a failure would print the whole page, stylesheet and all.
    expect(html.includes('.writer-guest-prompt{'), `${path}: the prompt's styles`).toBe(true);
    expect(html.includes('.writer-toolbar'), `${path}: the toolbar's styles`).toBe(false);
    expect(html.includes('.ProseMirror'), `${path}: TipTap's styles`).toBe(false);
    expect(html.includes('.birthdate-popover'), `${path}: the birthdate picker's styles`).toBe(false);
    expect(html.includes('.slider{'), `${path}: the home page's slider`).toBe(false);
  }
  // Each page's own styles come with its chunk: a topic's are not on the home page.
  const home = await (await request.get('/')).text();
  expect(home.includes('.slider{'), "the home page's slider").toBe(true);
  expect(home.includes('.topic-header{'), "a topic's header on the home page").toBe(false);
  // A member's editor is styled once its chunk is in: its stylesheet comes with it.
  await page.addInitScript((token) => localStorage.setItem('authToken', token), E2E_USER_TOKEN);
  const problems = watchConsole(page);
  await page.goto(`/topic/${topicId}`);
  const toolbar = page.locator('.writer-toolbar');
  await expect(toolbar).toBeVisible();
  expect(await toolbar.evaluate((element) => getComputedStyle(element).display)).toBe('flex');
  expect(
    await page.locator('.writer-content').evaluate((element) => getComputedStyle(element).minHeight),
  ).toBe('144px');
  expect(problems).toEqual([]);
});

test('under the service worker a page is the precached shell, rendered in the browser with fresh data and no error', async ({
  page,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  const problems = watchConsole(page);
  await page.goto('/');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto(`/topic/${topicId}`);
  // The shell carries no server state: the app renders (not hydrates) and fetches the topic itself.
  expect(await page.evaluate(() => document.getElementById('server-state'))).toBeNull();
  await expect(page.getByRole('heading', { level: 1, name: MARKUP_TOPIC })).toBeVisible();
  await expect(page.locator('article.message')).toHaveCount(8);
  // Written in Rubik as the first page was. The font is `optional`: without the shell's preloads
  // the browser gave up on it while the app rendered, and wrote every page after the first in
  // the fallback font (whether it did depended on the machine's speed; the preloads do not).
  const preloads = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloads).toEqual([
    expect.stringMatching(/^\/assets\/rubik-hebrew-wght-normal-[\w-]+\.woff2$/),
    expect.stringMatching(/^\/assets\/rubik-latin-wght-normal-[\w-]+\.woff2$/),
  ]);
  expect(await fontsDrawing(page, 'h1')).toEqual(['Rubik']);
  expect(problems).toEqual([]);
});

/** The families the browser drew an element's text in (the platform's names, without the style). */
async function fontsDrawing(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return [...new Set(fonts.map((font) => font.familyName.split(' ')[0] ?? ''))];
}

/**
 * What the page reported about itself: layout shifts (as CLS counts them), what moved in each, and
 * refused CSP sources.
 */
interface LoadReport {
  layoutShift: number;
  moved: string[];
  violations: string[];
}

/** A layout-shift entry, which TypeScript's DOM library does not declare. */
interface LayoutShift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

// Once, in a CI run at 553f1b5, the home page at 1280 px reported a shift of 0.15 that no run
// here reproduced (nor with the fonts, scripts, pictures or API delayed, nor the CPU slowed 8
// times): the report names what moved, to find it by.
test("the lead picture comes in the size its slot needs, once: a phone's is smaller than the big one a wide screen gets", async ({
  browser,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  const sizeOf = (address: string) => /-(big|medium|small)\.webp$/.exec(address)?.[1];
  for (const path of ['/', `/topic/${topicId}`]) {
    const chosen: Record<number, string | undefined> = {};
    for (const width of [375, 1280]) {
      // A context of its own for each width, so the other width's picture is not in the cache.
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(path);
      const lead = page.locator('img[fetchpriority="high"]').first();
      await expect(lead).toBeVisible();
      await expect.poll(() => lead.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
      const current = await lead.evaluate((image: HTMLImageElement) => image.currentSrc);
      chosen[width] = sizeOf(current);
      // The head's preload asked for the file the picture took: every size of it fetched is one a
      // picture on the page shows (a list shows the same topic's small one).
      const stem = current.slice(0, current.lastIndexOf('-'));
      const { fetched, shown } = await page.evaluate(
        (prefix) => ({
          fetched: performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((name) => name.startsWith(prefix)),
          shown: [...document.images].map((image) => image.currentSrc),
        }),
        stem,
      );
      expect(fetched).toContain(current);
      for (const file of fetched) expect(shown, `${path} at ${width} px fetched ${file}`).toContain(file);
      await context.close();
    }
    expect(chosen[1280], path).toBe('big');
    expect(['small', 'medium'], `${path} at 375 px took ${chosen[375]}`).toContain(chosen[375]);
  }
});

test('the first screen is styled by the page itself, allowed by the CSP, and nothing on it moves as it loads', async ({
  browser,
  request,
}) => {
  const topicId = await topicIdBySubject(request, MARKUP_TOPIC);
  // First visits, as a guest from a search engine makes them: after one page the service worker
  // answers with the precached app shell instead.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.addInitScript(() => {
    const report: LoadReport = { layoutShift: 0, moved: [], violations: [] };
    (window as unknown as { loadReport: LoadReport }).loadReport = report;
    const box = (rect: DOMRectReadOnly) =>
      [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(',');
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        report.layoutShift += entry.value;
        for (const source of entry.sources) {
          const node = source.node instanceof Element ? source.node : source.node?.parentElement;
          const name = node ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : 'text';
          report.moved.push(
            `${Math.round(entry.startTime)} ms ${entry.value.toFixed(3)} ${name}: ${box(source.previousRect)} -> ${box(source.currentRect)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('securitypolicyviolation', (event) =>
      report.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  for (const path of ['/', `/topic/${topicId}`]) {
    // No stylesheet to wait for before the first paint: the page carries its CSS.
    const html = await (await request.get(path)).text();
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toMatch(/<style>/);
    // The lead picture is asked for from the top of the head; the app's scripts, which do not draw
    // the first screen, are not in the head: the page asks for them after its first paint
    // (shared/app-loader-script.ts), so they never share a phone's bandwidth with what it waits for.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(head).toMatch(
      /<link rel="preload" href="\/api\/images\/[^"]+-big\.webp" imagesrcset="[^"]+-small\.webp 400w, [^"]+-medium\.webp 800w, [^"]+-big\.webp 1200w" imagesizes="[^"]+" as="image" fetchpriority="high">/,
    );
    expect(html).toContain('<script type="application/json" id="app-scripts">');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Styled (the font and the layout of the inline stylesheet), hydrated, and nothing refused.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Rubik');
      await expect(page.getByRole('button', { name: 'התחברות' })).toBeVisible();
      const scriptsAfterPaint = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name));
        return {
          paint,
          scripts: scripts.length,
          before: scripts.filter((e) => e.startTime < paint).map((e) => e.name),
        };
      });
      expect(scriptsAfterPaint.paint, `${path}: painted`).toBeLessThan(Infinity);
      expect(scriptsAfterPaint.scripts).toBeGreaterThan(1);
      expect(scriptsAfterPaint.before, `${path}: scripts asked for before the first paint`).toEqual([]);
      const report = await page.evaluate(() => (window as unknown as { loadReport: LoadReport }).loadReport);
      expect(report.violations, `${path} at ${width} px`).toEqual([]);
      expect(
        report.layoutShift,
        `${path} at ${width} px moved ${report.moved.join('; ')}`,
      ).toBeLessThanOrEqual(0.02);
    }
  }
  expect(problems).toEqual([]);
  await context.close();
});
