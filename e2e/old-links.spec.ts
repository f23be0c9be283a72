import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { openLink, sealLink } from '../server/modules/accounts/links';
import { VALIDITY_MS } from '../server/modules/accounts/validity';
import { ERRORS } from '../shared/errors';
import { E2E_SECRET_KEY, E2E_USER, E2E_USER_TOKEN } from './fixtures';
import { waitForMailLink } from './mail';

// Links past their validity, sealed here with the e2e server's secret (the server never mails one).
const stamp = Date.now().toString(36).slice(-5);
const PENDING_USER = {
  username: `נועה ${stamp}`,
  email: `noa-${stamp}@forum.test`,
  password: 'noa-password-1',
  birthdate: '20/06/1992',
};
/** A minute past each link's validity. */
const oldActivationTime = () => Date.now() - VALIDITY_MS.activationLink - 60_000;
const oldResetTime = () => Date.now() - VALIDITY_MS.resetLink - 60_000;

/** Registers through the API as the browser would: a solved captcha and the XSRF header. */
async function registerThroughApi(request: APIRequestContext) {
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
  const response = await request.post('/api/register', {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    data: { ...PENDING_USER, captcha },
  });
  expect(response.status()).toBe(201);
}

/** Opens a link page and returns the status of the API call it makes. */
async function visit(page: Page, pathname: string, api: string): Promise<number> {
  const answer = page.waitForResponse((response) => response.url().endsWith(api));
  await page.goto(pathname);
  return (await answer).status();
}

async function expectHomeLink(page: Page) {
  await page.getByRole('link', { name: 'חזרה לדף הבית' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
}

test.describe('links past their validity', () => {
  test('an old activation link of an account not yet active says the code is old', async ({
    page,
    request,
  }) => {
    const since = Date.now();
    await registerThroughApi(request);
    const mailed = await waitForMailLink(PENDING_USER.email, 'activate-user', since);
    // The mailed value opens with the e2e secret: its claims name the new, inactive account.
    const opened = openLink(E2E_SECRET_KEY, mailed.split('/').at(-1) ?? '', 'activation', Date.now());
    if (opened.status !== 'valid') throw new Error(`mailed activation link is ${opened.status}`);

    const old = sealLink(E2E_SECRET_KEY, { ...opened.claims, issuedAt: oldActivationTime() });
    expect(await visit(page, `/activate-user/${old}`, '/api/user/activate')).toBe(412);
    await expect(page.getByText(ERRORS.activation_expired.message, { exact: true })).toBeVisible();
    await expect(page.getByText('החשבון הופעל בהצלחה')).toHaveCount(0);
    await expectHomeLink(page);

    // The account stayed inactive: the mailed link still activates it.
    expect(await visit(page, mailed, '/api/user/activate')).toBe(200);
    await expect(page.getByText('החשבון הופעל בהצלחה')).toBeVisible();
    await expect(page.getByRole('button', { name: PENDING_USER.username })).toBeVisible();
  });

  test('an old activation link of an active account says it is already active', async ({ page, request }) => {
    const userId = await seededUserId(request);
    const old = sealLink(E2E_SECRET_KEY, {
      purpose: 'activation',
      userId,
      passwordVersion: 0,
      issuedAt: oldActivationTime(),
    });
    expect(await visit(page, `/activate-user/${old}`, '/api/user/activate')).toBe(405);
    await expect(page.getByText('החשבון כבר פעיל')).toBeVisible();
  });

  test('an old password-reset link says the link is old', async ({ page, request }) => {
    const userId = await seededUserId(request);
    const old = sealLink(E2E_SECRET_KEY, {
      purpose: 'reset',
      userId,
      // The seed never changes the password, so the version is still the first one.
      passwordVersion: 0,
      issuedAt: oldResetTime(),
    });
    expect(await visit(page, `/forgot-password/${old}`, '/api/forgot-password/validate')).toBe(412);
    await expect(page.getByText(ERRORS.reset_link_expired.message, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'בחרו סיסמה חדשה' })).toHaveCount(0);
    await expectHomeLink(page);
  });
});

/** The database id of the seeded user, from the session the seed opens for them. */
async function seededUserId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/validate-token', {
    headers: { authorization: `Bearer ${E2E_USER_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  const { user } = (await response.json()) as { user: { id: number; email: string } };
  expect(user.email).toBe(E2E_USER.email);
  return user.id;
}
