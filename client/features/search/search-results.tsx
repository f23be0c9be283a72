import { useState } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../../shared/limits';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { PageLoader } from '../../components/page-loader';
import { PostCard } from '../../components/post-card';
import { HE } from '../../i18n/he-accounts';
import { useForums } from '../forums/get-forums';
import { useSearchPosts } from './api/search-posts';
import './search.css';

function merged(pages: readonly PostsResponse[] | undefined) {
  const posts = new Map<number, PostsResponse['posts'][number]>();
  const users = new Map<number, PostsResponse['users'][number]>();
  for (const page of pages ?? []) {
    for (const post of page.posts) posts.set(post.id, post);
    for (const user of page.users) users.set(user.id, user);
  }
  return { posts: [...posts.values()], users };
}

/**
 * Search results (spec §2): the top loader, the failure loader, the empty state, then 7 posts and
 * 'show more search results...' on the last one while more exist, with the bottom loader.
 * The parent keys this by the query, so a new query starts from nothing.
 */
export function SearchResults({ query }: { query: string }) {
  const search = useSearchPosts(query);
  const { data: forums } = useForums();
  const [shown, setShown] = useState<number>(LIMITS.pageSize);
  const { posts, users } = merged(search.data?.pages);
  const bottomLoading = search.isFetchingNextPage;

  if (search.isPending) return <PageLoader label={HE.common.loading} />;
  if (search.isError && posts.length === 0) {
    return (
      <div className="search-failed" role="status" aria-label={HE.pageFailure.title}>
        <span className="search-failed-icon" aria-hidden="true">
          ⚠
        </span>
      </div>
    );
  }
  if (posts.length === 0) {
    return (
      <div className="empty-state search-empty">
        <p>{HE.search.empty}</p>
        <Link to="/">{HE.common.backHome}</Link>
      </div>
    );
  }

  const visible = posts.slice(0, shown);
  const hasMore = shown < posts.length || search.hasNextPage;
  const handleMore = () => {
    const next = shown + LIMITS.pageSize;
    setShown(next);
    if (next > posts.length && search.hasNextPage && !bottomLoading)
      search.fetchNextPage().catch(() => undefined);
  };

  return (
    <section className="search-results" aria-label={HE.search.title(query)}>
      <ul className="post-list__items">
        {visible.map((post, index) => (
          <li key={post.id}>
            <PostCard
              post={post}
              user={users.get(post.userId)}
              forum={forums?.find((forum) => forum.id === post.forumId)}
            />
            {index === visible.length - 1 && hasMore && !bottomLoading ? (
              <button type="button" className="link-button load-more" onClick={handleMore}>
                {HE.search.more}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {bottomLoading ? <PageLoader compact label={HE.common.loading} /> : null}
    </section>
  );
}
