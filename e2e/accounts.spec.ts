import { expect, type Locator, type Page, test } from '@playwright/test';
import { ERRORS } from '../shared/errors';
import { E2E_USER } from './fixtures';
import { waitForMailLink } from './mail';

const stamp = Date.now().toString(36).slice(-5);
const NEW_USER = {
  username: `גלית ${stamp}`,
  email: `galit-${stamp}@forum.test`,
  password: 'galit-password-1',
};

const panelOf = (page: Page): Locator => page.locator('section.header-panel');

async function openRegister(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.locator('.site-header__actions').getByRole('button', { name: 'הרשמה' }).click();
  const panel = panelOf(page);
  await expect(panel.getByRole('heading', { name: 'הרשמה' })).toBeVisible();
  return panel;
}

async function fillRegister(
  panel: Locator,
  account: { username: string; email: string; password: string },
  birthdate = '15/03/1990',
) {
  await panel.getByLabel('שם משתמש').fill(account.username);
  await panel.getByLabel('אימייל').fill(account.email);
  await panel.getByLabel('סיסמה').fill(account.password);
  await panel.getByRole('combobox', { name: 'תאריך לידה' }).click();
  await panel.getByLabel('או הקלידו תאריך').fill(birthdate);
  await panel.getByLabel('או הקלידו תאריך').press('Enter');
  await expect(panel.getByRole('combobox', { name: 'תאריך לידה' })).toHaveValue(birthdate);
  await panel.getByRole('checkbox').check();
}

async function login(page: Page, email: string, password: string) {
  await page.locator('.site-header__actions').getByRole('button', { name: 'התחברות' }).click();
  const panel = panelOf(page);
  await panel.getByLabel('אימייל').fill(email);
  await panel.getByLabel('סיסמה').fill(password);
  await panel.getByLabel('סיסמה').press('Enter');
}

test.describe
  .serial('accounts through the header panel', () => {
    test('the register form shows every §5 message, the picker rules and the terms box', async ({ page }) => {
      const panel = await openRegister(page);
      await panel.getByRole('button', { name: 'הרשמה' }).click();
      await expect(panel.getByText('שם המשתמש חייב להכיל לפחות 2 תווים')).toBeVisible();
      await expect(panel.getByText('יש להזין כתובת אימייל תקינה')).toBeVisible();
      await expect(panel.getByText('יש להזין סיסמה בת 8 תווים לפחות')).toBeVisible();
      await expect(panel.getByText('*יש לבחור תאריך לידה')).toBeVisible();
      await expect(panel.getByText('יש לקרוא את תנאי השימוש ולסמן את התיבה')).toBeVisible();

      // The picker: read-only, opens on January 1995, week from Sunday, a 5×5 year view.
      const input = panel.getByRole('combobox', { name: 'תאריך לידה' });
      await expect(input).toHaveAttribute('readonly', '');
      const caption = panel.locator('.birthdate-caption');
      await input.click();
      await expect(caption).toHaveText('ינואר 1995');
      await expect(panel.locator('.rdp-weekday').first()).toHaveText(/א/);
      await caption.click();
      await expect(panel.locator('.birthdate-year')).toHaveCount(25);
      await expect(panel.getByRole('button', { name: '1995', exact: true })).toBeVisible();
      await panel.getByRole('button', { name: '25 השנים הקודמות' }).click();
      await expect(panel.getByRole('button', { name: '1970', exact: true })).toBeVisible();
      await panel.getByRole('button', { name: '1970', exact: true }).click();
      await expect(caption).toHaveText('ינואר 1970');
      // Today minus 13 years is the last day allowed: the year after it is disabled in the year view.
      const lastYear = new Date().getUTCFullYear() - 13;
      await caption.click();
      for (let page = 0; page < 3; page += 1) {
        if (await panel.getByRole('button', { name: String(lastYear), exact: true }).isVisible()) break;
        await panel.getByRole('button', { name: '25 השנים הבאות' }).click();
      }
      await expect(panel.getByRole('button', { name: String(lastYear), exact: true })).toBeEnabled();
      await expect(panel.getByRole('button', { name: String(lastYear + 1), exact: true })).toBeDisabled();
      await panel.getByRole('button', { name: String(lastYear), exact: true }).click();

      // Typed dates: format, leap years and the disabled days.
      const typed = panel.getByLabel('או הקלידו תאריך');
      await typed.fill('1/2/1990');
      await typed.press('Enter');
      await expect(panel.getByText('*יש להזין תאריך תקין בתבנית dd/mm/yyyy')).toBeVisible();
      await typed.fill('29/02/2001');
      await typed.press('Enter');
      await expect(panel.getByText('*יש להזין תאריך תקין בתבנית dd/mm/yyyy')).toBeVisible();
      await typed.fill(`01/01/${lastYear + 1}`);
      await typed.press('Enter');
      await expect(panel.getByText('*השימוש באתר מותר מגיל 13 ומעלה')).toBeVisible();
      await typed.fill('29/02/2000');
      await typed.press('Enter');
      await expect(input).toHaveValue('29/02/2000');
      await expect(panel.getByText('*יש לבחור תאריך לידה')).toBeHidden();

      // A day clicked in the calendar.
      await input.click();
      await expect(caption).toHaveText('פברואר 2000');
      await caption.click();
      await panel.getByRole('button', { name: '25 השנים הקודמות' }).click();
      await panel.getByRole('button', { name: '1995', exact: true }).click();
      await panel.locator('.rdp-day_button', { hasText: /^15$/ }).click();
      await expect(input).toHaveValue('15/02/1995');

      // The terms box: 210px tall, closed by a click outside.
      await panel.getByRole('button', { name: 'תנאי השימוש באתר' }).click();
      const terms = panel.locator('.terms-box');
      await expect(terms).toBeVisible();
      expect((await terms.boundingBox())?.height).toBe(210);
      await page.waitForTimeout(350);
      await panel.getByRole('heading', { name: 'הרשמה' }).click();
      await expect(terms).toBeHidden();
    });

    test('a taken email, a taken username and an unsendable mail get their messages', async ({ page }) => {
      const panel = await openRegister(page);
      await fillRegister(panel, {
        username: `אחר ${stamp}`,
        email: E2E_USER.email,
        password: 'some-password-1',
      });
      await panel.getByRole('button', { name: 'הרשמה' }).click();
      const emailTaken = panel.getByText('כתובת האימייל כבר תפוסה, נסו כתובת אחרת');
      await expect(emailTaken).toBeVisible();
      await emailTaken.click();
      await expect(panel.getByRole('button', { name: 'הרשמה' })).toBeVisible();

      await fillRegister(panel, {
        username: E2E_USER.username,
        email: `other-${stamp}@forum.test`,
        password: 'some-password-1',
      });
      await panel.getByLabel('סיסמה').press('Enter');
      const usernameTaken = panel.getByText('שם המשתמש כבר תפוס, נסו שם אחר');
      await expect(usernameTaken).toBeVisible();
      await usernameTaken.click();

      await fillRegister(panel, {
        username: `בונס ${stamp}`,
        email: `bounce-${stamp}@forum.test`,
        password: 'some-password-1',
      });
      await panel.getByRole('button', { name: 'הרשמה' }).click();
      await expect(panel.getByText(ERRORS.activation_mail_failed.message)).toBeVisible({ timeout: 20_000 });
    });

    test('a failed captcha marks the login, forgot-password and register sections failed', async ({
      page,
    }) => {
      await page.route('**/api/captcha', (route) => route.abort());
      await page.goto('/');
      await login(page, E2E_USER.email, E2E_USER.password);
      const panel = panelOf(page);
      const failure = panel.getByText('אירעה שגיאה, נסו שוב מאוחר יותר');
      await expect(failure).toBeVisible();
      await failure.click();
      await expect(panel.getByLabel('אימייל')).toBeVisible();

      await panel.getByRole('button', { name: 'שכחת סיסמה?' }).click();
      await panel.getByLabel('אימייל').fill(E2E_USER.email);
      await panel.getByRole('button', { name: 'שכחתי סיסמה' }).click();
      await expect(failure).toBeVisible();

      await openRegister(page);
      await fillRegister(panel, {
        username: `כשל ${stamp}`,
        email: `fail-${stamp}@forum.test`,
        password: 'fail-password-1',
      });
      await panel.getByRole('button', { name: 'הרשמה' }).click();
      await expect(failure).toBeVisible();
    });

    test('a new user registers, activates from the mail and logs in', async ({ page }) => {
      const panel = await openRegister(page);
      await fillRegister(panel, NEW_USER);
      const since = Date.now();
      await panel.getByRole('button', { name: 'הרשמה' }).click();
      await expect(panel.getByText(/נשלח אליך אימייל עם קישור/)).toBeVisible();

      // Not active yet: login says so.
      await page.goto('/');
      await login(page, NEW_USER.email, NEW_USER.password);
      const inactive = panelOf(page).getByText(ERRORS.inactive.message);
      await expect(inactive).toBeVisible();
      await inactive.click();
      await panelOf(page).getByRole('button', { name: 'שכחת סיסמה?' }).click();
      await panelOf(page).getByLabel('אימייל').fill(NEW_USER.email);
      await panelOf(page).getByRole('button', { name: 'שכחתי סיסמה' }).click();
      await expect(panelOf(page).getByText(ERRORS.inactive.message)).toBeVisible();

      const link = await waitForMailLink(NEW_USER.email, 'activate-user', since);
      await page.goto(link);
      await expect(page.getByText('החשבון הופעל בהצלחה')).toBeVisible();
      await expect(page.getByRole('button', { name: NEW_USER.username })).toBeVisible();
      await page.getByRole('link', { name: 'חזרה לדף הבית' }).click();
      await expect(page).toHaveURL(/\/$/);

      // The same link again: already active. A tampered one: invalid. An empty one: home.
      await page.goto(link);
      await expect(page.getByText('החשבון כבר פעיל')).toBeVisible();
      await page.goto(`${link.slice(0, -4)}AAAA`);
      await expect(page.getByText('קוד ההפעלה אינו תקין')).toBeVisible();
      await page.route('**/api/user/activate', (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.goto(`${link.slice(0, -4)}BBBB`);
      await expect(page.getByText('אירעה שגיאה, נסו שוב מאוחר יותר')).toBeVisible();
      await page.unroute('**/api/user/activate');
      await page.goto('/activate-user/');
      await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

      // Log out, then log in: a wrong password first, then the right one and the greeting.
      await page.getByRole('button', { name: NEW_USER.username }).click();
      await page.getByRole('menuitem', { name: 'התנתקות' }).click();
      await login(page, NEW_USER.email, 'wrong-password-1');
      const wrong = panelOf(page).getByText('הפרטים שגויים, נסו שוב');
      await expect(wrong).toBeVisible();
      await wrong.click();
      await panelOf(page).getByLabel('אימייל').fill(NEW_USER.email);
      await panelOf(page).getByLabel('סיסמה').fill(NEW_USER.password);
      await panelOf(page).getByRole('button', { name: 'התחברות' }).click();
      await expect(panelOf(page).getByRole('button', { name: 'סגירה' })).toBeHidden();
      await expect(panelOf(page).getByText(`שלום ${NEW_USER.username}, התחברת בהצלחה!`)).toBeVisible();
      await expect(panelOf(page)).toBeHidden({ timeout: 4_000 });
      await expect(page.getByRole('button', { name: NEW_USER.username })).toBeVisible();
    });

    test('forgot password: each answer, the mailed link, the new password', async ({ page }) => {
      await page.goto('/');
      await page.locator('.site-header__actions').getByRole('button', { name: 'התחברות' }).click();
      const panel = panelOf(page);
      await panel.getByRole('button', { name: 'שכחת סיסמה?' }).click();
      await expect(panel.getByRole('heading', { name: 'שכחתי סיסמה' })).toBeVisible();
      await panel.getByRole('button', { name: 'שכחתי סיסמה' }).click();
      await expect(panel.getByText('יש להזין כתובת אימייל תקינה')).toBeVisible();

      await panel.getByLabel('אימייל').fill(`nobody-${stamp}@forum.test`);
      await panel.getByLabel('אימייל').press('Enter');
      const unknown = panel.getByText('הפרטים שהוזנו שגויים, נסו שוב');
      await expect(unknown).toBeVisible();
      await unknown.click();

      const since = Date.now();
      await panel.getByLabel('אימייל').fill(NEW_USER.email);
      await panel.getByRole('button', { name: 'שכחתי סיסמה' }).click();
      await expect(panel.getByText('כדי לאפס את הסיסמה יש ללחוץ על הקישור שקיבלת באימייל')).toBeVisible();

      const link = await waitForMailLink(NEW_USER.email, 'forgot-password', since);
      await page.goto(`${link.slice(0, -4)}AAAA`);
      await expect(page.getByText('הקישור לאיפוס הסיסמה אינו תקין')).toBeVisible();

      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'בחרו סיסמה חדשה' })).toBeVisible();
      await page.getByRole('button', { name: 'שמירה' }).click();
      await expect(page.getByText('יש להזין סיסמה בת 8 תווים לפחות')).toBeVisible();
      NEW_USER.password = 'galit-new-password-2';
      await page.getByLabel('סיסמה חדשה', { exact: true }).fill(NEW_USER.password);
      await page.getByRole('button', { name: 'שמירה' }).click();
      await expect(page.getByText('הסיסמה נשמרה בהצלחה, אפשר להתחבר עכשיו עם הסיסמה החדשה')).toBeVisible();

      // The link works once.
      await page.goto(link);
      await expect(page.getByText(/הקישור לאיפוס הסיסמה (אינו תקין|ישן)/)).toBeVisible();
    });

    test('edit profile: password, email and birthdate, each with its messages', async ({ page }) => {
      await page.goto('/');
      await login(page, NEW_USER.email, NEW_USER.password);
      await expect(page.getByRole('button', { name: NEW_USER.username })).toBeVisible();
      await page.getByRole('button', { name: NEW_USER.username }).click();
      await page.getByRole('menuitem', { name: 'עריכת פרופיל' }).click();
      await expect(page).toHaveURL(/\/edit-profile$/);
      await expect(page.locator('.breadcrumbs')).toContainText('עריכת פרופיל');

      // Password: too short, then saved; closing resets the section.
      await page.getByRole('button', { name: 'שינוי סיסמה' }).click();
      const password = page.getByRole('form', { name: 'שינוי סיסמה' });
      await password.getByRole('button', { name: 'שמירה' }).click();
      await expect(password.getByText('יש להזין סיסמה בת 8 תווים לפחות')).toBeVisible();
      NEW_USER.password = 'galit-third-password-3';
      await password.getByLabel('סיסמה חדשה').fill(NEW_USER.password);
      await password.getByRole('button', { name: 'שמירה' }).click();
      await expect(password.getByText('הנתונים נשמרו בהצלחה')).toBeVisible();
      await password.getByRole('button', { name: 'סגירה' }).click();
      await page.getByRole('button', { name: 'שינוי סיסמה' }).click();
      await expect(
        page.getByRole('form', { name: 'שינוי סיסמה' }).getByText('הנתונים נשמרו בהצלחה'),
      ).toBeHidden();

      // Email: invalid, taken, a failure, then saved.
      await page.getByRole('button', { name: 'שינוי אימייל' }).click();
      const email = page.getByRole('form', { name: 'שינוי אימייל' });
      await email.getByLabel('אימייל חדש').fill('not-an-email');
      await email.getByRole('button', { name: 'שמירה' }).click();
      await expect(email.getByText('יש להזין כתובת אימייל תקינה')).toBeVisible();
      await email.getByLabel('אימייל חדש').fill(E2E_USER.email);
      await email.getByRole('button', { name: 'שמירה' }).click();
      const taken = email.getByText('הערך שנבחר תפוס, נסו ערך אחר');
      await expect(taken).toBeVisible();
      await taken.click();
      await page.route('**/api/edit-profile/email', (route) => route.fulfill({ status: 500, body: '{}' }));
      await email.getByLabel('אימייל חדש').fill(`galit2-${stamp}@forum.test`);
      await email.getByRole('button', { name: 'שמירה' }).click();
      await expect(email.getByText('אירעה שגיאה, נסו שוב מאוחר יותר')).toBeVisible();
      await page.unroute('**/api/edit-profile/email');
      await email.getByRole('button', { name: 'שמירה' }).click();
      await expect(email.getByText('הנתונים נשמרו בהצלחה')).toBeVisible();
      NEW_USER.email = `galit2-${stamp}@forum.test`;

      // Birthdate through the picker.
      await page.getByRole('button', { name: 'שינוי תאריך לידה' }).click();
      const birthdate = page.getByRole('form', { name: 'שינוי תאריך לידה' });
      await birthdate.getByRole('button', { name: 'שמירה' }).click();
      await expect(birthdate.getByText('*יש לבחור תאריך לידה')).toBeVisible();
      await birthdate.getByRole('combobox', { name: 'תאריך לידה' }).click();
      await birthdate.locator('.rdp-day_button', { hasText: /^20$/ }).click();
      await expect(birthdate.getByRole('combobox', { name: 'תאריך לידה' })).toHaveValue('20/01/1995');
      await birthdate.getByRole('button', { name: 'שמירה' }).click();
      await expect(birthdate.getByText('הנתונים נשמרו בהצלחה')).toBeVisible();

      // Log out, and back in with the new email and password.
      await page.getByRole('button', { name: NEW_USER.username }).click();
      await page.getByRole('menuitem', { name: 'התנתקות' }).click();
      await login(page, NEW_USER.email, NEW_USER.password);
      await expect(page.getByRole('button', { name: NEW_USER.username })).toBeVisible();
    });
  });
