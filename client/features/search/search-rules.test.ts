import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { searchQueryError } from './search-rules';

describe('searchQueryError', () => {
  it('wants 3 characters, niqqud not counted, and at most 100', () => {
    expect(searchQueryError('  בי ')).toBe(VALIDATION_MESSAGES.searchQueryTooShort);
    expect(searchQueryError('בְּי')).toBe(VALIDATION_MESSAGES.searchQueryTooShort);
    expect(searchQueryError('בית')).toBeNull();
    expect(searchQueryError('א'.repeat(101))).toBe(VALIDATION_MESSAGES.searchQueryTooLong);
  });
});
