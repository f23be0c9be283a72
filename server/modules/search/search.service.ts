import { normalizeForSearch } from '../../../shared/hebrew';
import { LIMITS } from '../../../shared/limits';
import { type Actor, can } from '../../../shared/policies';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { authorize } from '../../authorize';
import type { ReadDeps } from '../../deps';
import { apiError } from '../../http-error';
import { presentPostsPage } from '../topics/topics.presenter';
import { searchTopics } from './search.repository';

/** Search is for logged-in users (docs/product.md §6): a guest is asked to log in. */
export function assertMaySearch(actor: Actor): void {
  authorize(actor, can.search(actor), { guest: 'search_login_required' });
}

/**
 * A page of topics whose subject or any message contains the query, compared as normalised
 * text (niqqud stripped, Latin lower-cased), newest activity first, older than `before` if given.
 */
export async function searchPosts(
  { db }: ReadDeps,
  actor: Actor,
  query: string,
  before: number | null,
): Promise<PostsResponse> {
  assertMaySearch(actor);
  const text = normalizeForSearch(query);
  // The route schema already refuses these; kept so no caller can send a short needle to the index.
  if (text.length < LIMITS.searchQueryMinLength) throw apiError('search_query_too_short');
  const rows = await searchTopics(db, text, before, LIMITS.pageSize + 1);
  return presentPostsPage(db, rows);
}
