import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { emailError, passwordError, policyError, usernameError } from './field-rules';

describe('the account field rules', () => {
  it('checks the email', () => {
    expect(emailError('')).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(emailError('a@b')).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(emailError('no spaces@x.co')).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(emailError('dana@example.co.il')).toBeNull();
  });
  it('wants 8 password characters, 2 username characters and the policy ticked', () => {
    expect(passwordError('1234567')).toBe(VALIDATION_MESSAGES.passwordTooShort);
    expect(passwordError('12345678')).toBeNull();
    expect(usernameError(' א ')).toBe(VALIDATION_MESSAGES.usernameTooShort);
    expect(usernameError('אב')).toBeNull();
    expect(policyError(false)).toBe(VALIDATION_MESSAGES.policyRequired);
    expect(policyError(true)).toBeNull();
  });
});
