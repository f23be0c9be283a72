import { LIMITS } from '../../../shared/limits';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';

// A practical address check: something@something.tld, no spaces. The server has the final word.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The field rules of spec §5, each giving its Hebrew message or null. */
export const emailError = (email: string): string | null =>
  email.trim().length < LIMITS.emailMinLength || !EMAIL_FORMAT.test(email.trim())
    ? VALIDATION_MESSAGES.invalidEmail
    : null;

export const passwordError = (password: string): string | null =>
  password.length < LIMITS.passwordMinLength ? VALIDATION_MESSAGES.passwordTooShort : null;

export const usernameError = (username: string): string | null =>
  username.trim().length < LIMITS.usernameMinLength ? VALIDATION_MESSAGES.usernameTooShort : null;

export const policyError = (accepted: boolean): string | null =>
  accepted ? null : VALIDATION_MESSAGES.policyRequired;
