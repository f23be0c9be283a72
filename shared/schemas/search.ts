import { z } from 'zod';
import { normalizeForSearch } from '../hebrew';
import { LIMITS } from '../limits';
import { VALIDATION_MESSAGES } from '../validation-messages';
import { cursorParam } from './common';
import { cleanString } from '../text';

/**
 * A search query as typed (docs/product.md §5): at least 3 characters after trimming, and still at least 3
 * once niqqud is stripped, since shorter text has no trigram for the index to look up.
 */
export const searchQuery = cleanString(z.string({ error: VALIDATION_MESSAGES.searchQueryTooShort }))
  .trim()
  .min(LIMITS.searchQueryMinLength, { error: VALIDATION_MESSAGES.searchQueryTooShort })
  .max(LIMITS.searchQueryMaxLength, { error: VALIDATION_MESSAGES.searchQueryTooLong })
  .refine((query) => normalizeForSearch(query).length >= LIMITS.searchQueryMinLength, {
    error: VALIDATION_MESSAGES.searchQueryTooShort,
  });

/** GET /api/search/{query}. Answer: the posts response, newest activity first. */
export const searchParams = z.object({ query: searchQuery });

/** GET /api/search/{query}/more/{timestamp}: the next page, topics older than that timestamp. */
export const searchMoreParams = z.object({ query: searchQuery, timestamp: cursorParam });
