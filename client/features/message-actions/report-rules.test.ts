import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { reportContentError, reportEmailError } from './report-rules';

describe('report rules', () => {
  it('wants a reason of 5 characters and a valid email', () => {
    expect(reportContentError('  abcd  ')).toBe(VALIDATION_MESSAGES.reportTooShort);
    expect(reportContentError('ספאם!')).toBeNull();
    expect(reportEmailError('x@y')).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(reportEmailError('guest@example.com')).toBeNull();
  });
});
