import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { HYDRATED_ATTRIBUTE } from '../shared/app-loader-script';

/** Accounts the e2e seed creates (e2e/seed.ts), for specs that log in. */
export const E2E_ADMIN = {
  username: 'מנהלת הפורום',
  email: 'admin@forum.test',
  password: 'admin-password-1',
} as const;
export const E2E_USER = {
  username: 'דנה כהן',
  email: 'user@forum.test',
  password: 'user-password-1',
} as const;
export const E2E_WRITER = {
  username: 'יוסי לוי',
  email: 'writer@forum.test',
  password: 'writer-password-1',
} as const;

/**
 * Sessions the seed opens, so specs can be logged in without the captcha of the login form:
 * `localStorage.authToken` set to one of these is a valid bearer token.
 */
export const E2E_USER_TOKEN = 'e2e-user-session-token-0123456789abcdef';
export const E2E_ADMIN_TOKEN = 'e2e-admin-session-token-0123456789abcdef';

/**
 * The server secret of the e2e run (e2e/serve.ts sets SECRET_KEY to it), so specs can seal link
 * values with `sealLink` from server/modules/accounts/links.ts, e.g. links dated in the past.
 */
export const E2E_SECRET_KEY = 'e2e-secret-key-for-sealed-mail-links-0123456789';

/**
 * The e2e server's SITE_NAME (e2e/serve.ts): not the built-in 'קהילה', so the specs see that the
 * client shows the server's name.
 */
export const E2E_SITE_NAME = 'פורום הבדיקות';

/** The e2e server's SOCIAL_URL (e2e/serve.ts): the footer shows the site settings' link. */
export const E2E_SOCIAL_URL = 'https://social.forum.test/page';

/** Subjects of seeded topics the specs look for. */
export const MARKUP_TOPIC = 'כל סוגי העיצוב בהודעה';
export const LEGACY_TOPIC = 'הודעה ישנה מיבוא';
/** The forum with enough topics to span three server pages of 7. */
export const BUSY_FORUM_ID = 3;
export const BUSY_FORUM_TOPICS = 17;
/** A forum the seed leaves empty. */
export const EMPTY_FORUM_ID = 9;
/** Replies of the markup topic: enough to span three server pages of 7. */
export const MARKUP_TOPIC_REPLIES = 18;
export const TOTAL_TOPICS = 28;

interface PostsPage {
  posts: { id: number; subject: string; timestamp: number }[];
  hasMorePosts: boolean;
}

/** The id of a seeded topic, found through the public API as a reader would. */
export async function topicIdBySubject(request: APIRequestContext, subject: string): Promise<number> {
  let path = '/api/home';
  for (;;) {
    const page = (await (await request.get(path)).json()) as PostsPage;
    const found = page.posts.find((post) => post.subject === subject);
    if (found) return found.id;
    const last = page.posts.at(-1);
    if (!page.hasMorePosts || !last) throw new Error(`no seeded topic "${subject}"`);
    path = `/api/home/more/${last.timestamp}`;
  }
}

/** Holds back the requests `matches` picks until the returned function lets them go. */
export async function holdBack(page: Page, matches: (url: URL) => boolean): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The built entry module: held back with `holdBack`, a server-rendered page stays as the server sent it. */
export const isEntryScript = (url: URL) => /^\/assets\/index-[\w-]+\.js$/.test(url.pathname);

/**
 * Waits until React has hydrated this element of a server-rendered page: the app has marked the
 * root after its first commit, and the element carries React's props key, as the page's loader
 * checks (shared/app-loader-script.ts). The page's scripts load after its first paint: until then
 * a link is a plain link, and a test that means a client-side navigation waits for this.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await locator.evaluate(
    (element, attribute) =>
      new Promise<void>((resolve) => {
        const check = () =>
          document.getElementById('root')?.hasAttribute(attribute) &&
          Object.keys(element).some((key) => key.startsWith('__reactProps$'))
            ? resolve()
            : requestAnimationFrame(check);
        check();
      }),
    HYDRATED_ATTRIBUTE,
  );
}

/** The XSRF value of a request context, fetched once from any GET (docs/product.md §7). */
export async function xsrfOf(request: APIRequestContext): Promise<string> {
  let state = await request.storageState();
  if (!state.cookies.some((cookie) => cookie.name === 'XSRF-TOKEN')) {
    await request.get('/api/forums');
    state = await request.storageState();
  }
  return decodeURIComponent(state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
}

/** A write as a logged-in browser sends it: bearer token and XSRF header; fails the test unless it succeeds. */
export async function write<T>(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': await xsrfOf(request) },
    data,
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A topic written through the API as the token's user, with an opening message that names it. */
export function newTopic(request: APIRequestContext, token: string, subject: string, forumId: number) {
  return write<{ post: { id: number } }>(request, token, 'POST', '/api/topic/', {
    forumId,
    subject,
    message: `<p>${subject}: ההודעה הפותחת.</p>`,
  });
}

/** A reply written through the API as the token's user. */
export function reply(request: APIRequestContext, token: string, topicId: number, text: string) {
  return write<{ id: number }>(request, token, 'POST', '/api/message', {
    topicId,
    content: `<p>${text}</p>`,
  });
}

/** Every page this browser page opens is logged in with the token (a seed session: no captcha). */
export async function asUser(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('authToken', value), token);
}
