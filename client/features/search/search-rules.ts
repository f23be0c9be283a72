import { normalizeForSearch } from '../../../shared/hebrew';
import { LIMITS } from '../../../shared/limits';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';

/** The search query rule of spec §5 (and the server's): at least 3 characters once normalised. */
export function searchQueryError(query: string): string | null {
  const trimmed = query.trim();
  if (normalizeForSearch(trimmed).length < LIMITS.searchQueryMinLength)
    return VALIDATION_MESSAGES.searchQueryTooShort;
  if (trimmed.length > LIMITS.searchQueryMaxLength) return VALIDATION_MESSAGES.searchQueryTooLong;
  return null;
}
