import { AppLink } from '../../components/app-link';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { FailurePanel } from '../../components/failure-panel';
import { PageLoader } from '../../components/page-loader';
import { PostList } from '../../components/post-list';
import { useUnreadPostList } from '../../features/topics/get-unread-posts';
import { he } from '../../i18n/he';
import { useForums } from '../../session/get-forums';
import { useTitle } from '../../session/head';

/**
 * What is new for the member (an addition to docs/product.md §2): the topics they opened that have
 * messages of others since, newest activity first, each with its count leading to the first new one.
 */
export function UnreadPage() {
  useTitle(he.unreadPage.title);
  const { data: forums } = useForums();
  const { query, posts, users } = useUnreadPostList();

  return (
    <div className="unread-page">
      <Breadcrumbs trail={[{ label: he.unreadPage.title }]} />
      <h1 className="page-title">{he.unreadPage.title}</h1>
      {query.isPending ? <PageLoader /> : null}
      {query.isError && posts.length === 0 ? <FailurePanel onRetry={() => query.refetch()} /> : null}
      {query.isSuccess && posts.length === 0 ? (
        <div className="empty-state">
          <p>{he.unreadPage.empty}</p>
          <AppLink to="/">{he.backHome}</AppLink>
        </div>
      ) : null}
      {posts.length > 0 ? (
        <PostList posts={posts} users={users} forums={forums} more={query} label={he.unreadPage.title} />
      ) : null}
    </div>
  );
}
