import type { Kysely } from 'kysely';
import { normalizeForSearch } from '../../../shared/hebrew';
import { LIMITS } from '../../../shared/limits';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import type { Database } from '../../db/database';
import { badRequest } from '../../http-error';
import { presentPostsPage } from '../topics/topics.service';
import { searchTopics } from './search.repository';

/**
 * A page of topics whose subject or any message contains the query, compared as normalised
 * text (niqqud stripped, Latin lower-cased), newest activity first, older than `before` if given.
 */
export async function searchPosts(
  db: Kysely<Database>,
  query: string,
  before: number | null,
): Promise<PostsResponse> {
  const text = normalizeForSearch(query);
  // The route schema already refuses these; kept so no caller can send a short needle to the index.
  if (text.length < LIMITS.searchQueryMinLength) throw badRequest(VALIDATION_MESSAGES.searchQueryTooShort);
  const rows = await searchTopics(db, text, before, LIMITS.pageSize + 1);
  return presentPostsPage(db, rows);
}
