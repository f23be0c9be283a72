import { AppLink } from '../../components/app-link';
import { PageLoader } from '../../components/page-loader';
import { PostCard } from '../../components/post-card';
import { RevealMoreList } from '../../components/reveal-more-list';
import { he } from '../../i18n/he';
import { mergeById } from '../../lib/merge-pages';
import { useForums } from '../../session/get-forums';
import { useUnreadTopics } from '../../session/unread-topics';
import { useSearchPosts } from './api/search-posts';
import './search.css';

/**
 * Search results (docs/product.md §2): the top loader, the failure loader, the empty state, then 7 posts and
 * 'show more search results...' on the last one while more exist, with the bottom loader.
 * The parent keys this by the query, so a new query starts from nothing.
 */
export function SearchResults({ query }: { query: string }) {
  const search = useSearchPosts(query);
  const { data: forums } = useForums();
  const pages = search.data?.pages ?? [];
  const posts = [...mergeById(pages.map((page) => page.posts)).values()];
  const users = mergeById(pages.map((page) => page.users));
  const unread = useUnreadTopics(posts);

  if (search.isPending) return <PageLoader label={he.loading} />;
  if (search.isError && posts.length === 0) {
    return (
      <div className="search-failed" role="status" aria-label={he.failureTitle}>
        <span className="search-failed-icon" aria-hidden="true">
          ⚠
        </span>
      </div>
    );
  }
  if (posts.length === 0) {
    return (
      <div className="empty-state search-empty">
        <p>{he.searchBox.empty}</p>
        <AppLink to="/">{he.backHome}</AppLink>
      </div>
    );
  }

  return (
    <RevealMoreList
      items={posts}
      source={search}
      label={he.searchBox.title(query)}
      moreLabel={he.searchBox.more}
      className="search-results"
      listClassName="post-list__items"
    >
      {(post) => (
        <PostCard
          post={post}
          user={users.get(post.userId)}
          forum={forums?.find((forum) => forum.id === post.forumId)}
          unread={unread.get(post.id)}
        />
      )}
    </RevealMoreList>
  );
}
