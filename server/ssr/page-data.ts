import { forumsResponse } from '../../shared/schemas/forums';
import { topicAtResponse } from '../../shared/schemas/notifications';
import { siteResponse } from '../../shared/schemas/site';
import { postsResponse, topicResponse } from '../../shared/schemas/topics';
import { ALL_POSTS_FORUM_ID } from '../../shared/limits';
import type { PageQuery, PageQueryResult } from '../../shared/server-render';
import type { Deps } from '../deps';
import { HttpError } from '../http-error';
import { listForums } from '../modules/forums/forums.repository';
import { getTopicAt } from '../modules/notifications/topic-at';
import type { SiteSettingsStore } from '../modules/site-settings/site-settings.service';
import { getTopic, listPosts } from '../modules/topics/topics.service';

export interface PageDataSources {
  deps: Deps;
  siteSettings: SiteSettingsStore;
  /** The live-update streams' current position (GET /api/events). */
  livePosition: () => string;
}

/**
 * The answer of the JSON route behind a page query, as the wire carries it: the same service and
 * the same response schema (which drops what the wire does not show), so the page's data equals
 * what the client would fetch. A 404 of the service is `null`.
 */
async function answer(sources: PageDataSources, query: PageQuery): Promise<unknown> {
  const { deps } = sources;
  switch (query.kind) {
    case 'site':
      return siteResponse.parse(await sources.siteSettings.get());
    case 'forums':
      return forumsResponse.parse(await listForums(deps.db));
    case 'posts':
      return postsResponse.parse(
        await listPosts(deps, query.forumId === ALL_POSTS_FORUM_ID ? {} : { forumId: query.forumId }),
      );
    case 'topic':
      return topicResponse.parse(await getTopic(deps, query.topicId));
    case 'topicAt':
      return topicAtResponse.parse(await getTopicAt(deps.db, query.topicId, query.messageId));
    case 'live':
      return sources.livePosition();
  }
}

/**
 * Fetches every query of a page; a missing forum, topic or message answers `null`. Each answer
 * starts in the order listed (the `live` position, read at once, before any data).
 */
export function fetchPageData(
  sources: PageDataSources,
  queries: readonly PageQuery[],
): Promise<PageQueryResult[]> {
  return Promise.all(
    queries.map(async (query) => {
      try {
        return { query, data: await answer(sources, query) };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return { query, data: null };
        throw error;
      }
    }),
  );
}
