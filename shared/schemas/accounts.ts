import { z } from 'zod';
import { parseBirthdate } from '../birthdate';
import { LIMITS } from '../limits';
import { VALIDATION_MESSAGES } from '../validation-messages';
import { publicUser } from './common';
import { cleanString } from '../text';

/** An ALTCHA challenge as GET /api/captcha gives it; the widget reads it as it is. */
export const captchaChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

const M = VALIDATION_MESSAGES;

export const emailField = cleanString(z.string({ error: M.invalidEmail }))
  .trim()
  .min(LIMITS.emailMinLength, { error: M.invalidEmail })
  .max(LIMITS.emailMaxLength, { error: M.invalidEmail })
  .pipe(z.email({ error: M.invalidEmail }));

export const passwordField = z
  .string({ error: M.passwordTooShort })
  .min(LIMITS.passwordMinLength, { error: M.passwordTooShort })
  .max(LIMITS.passwordMaxLength, { error: M.passwordTooLong });

/** Letters of any script, digits, spaces inside, and `_ - .`: nothing that looks like markup. */
export const usernameField = cleanString(z.string({ error: M.usernameTooShort }))
  .trim()
  .min(LIMITS.usernameMinLength, { error: M.usernameTooShort })
  .max(LIMITS.usernameMaxLength, { error: M.usernameTooLong })
  .regex(/^[\p{L}\p{N}_.\- ]+$/u, { error: M.usernameInvalid });

/**
 * `dd/mm/yyyy`, a real date (shared/birthdate.ts). The minimum age depends on today, so the form
 * checks it with `birthdateError` and the server with its own clock.
 */
export const birthdateField = cleanString(z.string({ error: M.birthdateRequired }))
  .trim()
  .min(1, { error: M.birthdateRequired })
  .refine((text) => parseBirthdate(text) !== null, { error: M.birthdateFormat });

/**
 * The solved ALTCHA payload (base64 text from the widget). Optional here so that a missing one is
 * answered by the captcha check with its own code, `captcha_missing`.
 */
export const captchaField = cleanString().max(10_000).optional();

/** The value at the end of an activation or reset link. */
export const linkValueField = cleanString().max(1_000);

export const loginBody = z.strictObject({
  email: emailField,
  password: z
    .string({ error: M.passwordTooShort })
    .min(1, { error: M.passwordTooShort })
    .max(LIMITS.passwordMaxLength),
  captcha: captchaField,
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.strictObject({
  username: usernameField,
  email: emailField,
  password: passwordField,
  birthdate: birthdateField,
  captcha: captchaField,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const forgotPasswordBody = z.strictObject({ email: emailField, captcha: captchaField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /api/user/activate and POST /api/forgot-password/validate. */
export const linkBody = z.strictObject({ encryptedData: linkValueField });
export type LinkBody = z.infer<typeof linkBody>;

/** PUT /api/edit-profile/forgot-password: `token` is the reset link's value. */
export const resetPasswordBody = z.strictObject({
  password: passwordField,
  token: linkValueField,
  captcha: captchaField,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z.strictObject({ password: passwordField });
export const changeEmailBody = z.strictObject({ email: emailField });
export const changeBirthdateBody = z.strictObject({ birthdate: birthdateField });

/**
 * The logged-in user's own view: the §3 user plus the email and birthdate the edit-profile forms
 * show. Only ever sent to that user (login, activation, token validation, profile edits).
 */
export const ownUser = publicUser.extend({
  email: z.string(),
  birthdate: z.string().nullable().describe('dd/mm/yyyy'),
});
export type OwnUser = z.infer<typeof ownUser>;

/** Login, activation and email change: the user and a new bearer token. */
export const authResponse = z.object({ user: ownUser, token: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;

/** Token validation and birthdate change. */
export const userResponse = z.object({ user: ownUser });
export type UserResponse = z.infer<typeof userResponse>;

/** Calls whose success carries nothing else. */
export const okResponse = z.object({ ok: z.literal(true) });
