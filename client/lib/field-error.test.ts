import { describe, expect, it } from 'vitest';
import { emailField, passwordField, usernameField } from '../../shared/schemas/accounts';
import { reportReason } from '../../shared/schemas/reports';
import { searchQuery } from '../../shared/schemas/search';
import { subjectText } from '../../shared/schemas/topics';
import { VALIDATION_MESSAGES } from '../../shared/validation-messages';
import { fieldError } from './field-error';

describe('fieldError with the shared schemas', () => {
  it('checks the email', () => {
    expect(fieldError(emailField, '')).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(fieldError(emailField, 'a@b')).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(fieldError(emailField, 'no spaces@x.co')).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(fieldError(emailField, ' dana@example.co.il ')).toBeNull();
  });
  it('wants 8 password characters and 2 username characters', () => {
    expect(fieldError(passwordField, '1234567')).toBe(VALIDATION_MESSAGES.passwordTooShort);
    expect(fieldError(passwordField, '12345678')).toBeNull();
    expect(fieldError(usernameField, ' א ')).toBe(VALIDATION_MESSAGES.usernameTooShort);
    expect(fieldError(usernameField, 'אב')).toBeNull();
  });
  it('wants a report reason of at least 5 characters once trimmed', () => {
    expect(fieldError(reportReason, '  abcd  ')).toBe(VALIDATION_MESSAGES.reportTooShort);
    expect(fieldError(reportReason, 'abcde')).toBeNull();
  });
  it('wants a search query of at least 3 characters once niqqud is stripped', () => {
    expect(fieldError(searchQuery, 'ab')).toBe(VALIDATION_MESSAGES.searchQueryTooShort);
    expect(fieldError(searchQuery, ' אָבָ ')).toBe(VALIDATION_MESSAGES.searchQueryTooShort);
    expect(fieldError(searchQuery, 'שלום')).toBeNull();
    expect(fieldError(searchQuery, 'א'.repeat(101))).toBe(VALIDATION_MESSAGES.searchQueryTooLong);
  });
  it('trims a subject and refuses it empty or over 40', () => {
    expect(fieldError(subjectText, '   ')).toBe(VALIDATION_MESSAGES.emptySubject);
    expect(fieldError(subjectText, ` ${'ש'.repeat(40)} `)).toBeNull();
    expect(fieldError(subjectText, 'ש'.repeat(41))).toBe(VALIDATION_MESSAGES.subjectTooLong);
  });
});
