import { LIMITS } from '../../../shared/limits';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The report reason of spec §5: at least 5 characters once trimmed. */
export const reportContentError = (content: string): string | null =>
  content.trim().length < LIMITS.reportReasonMinLength ? VALIDATION_MESSAGES.reportTooShort : null;

/** The reporter's email (spec §5): a valid address of at least 3 characters. */
export const reportEmailError = (email: string): string | null =>
  email.trim().length < LIMITS.emailMinLength || !EMAIL_FORMAT.test(email.trim())
    ? VALIDATION_MESSAGES.invalidEmail
    : null;
