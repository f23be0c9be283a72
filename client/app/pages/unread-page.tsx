import { useQueryClient } from '@tanstack/react-query';
import { LoadStatus } from '../../../shared/load-status';
import { AppLink } from '../../components/app-link';
import { ActionStatus } from '../../components/form/action-status';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { FailurePanel } from '../../components/failure-panel';
import { PageLoader } from '../../components/page-loader';
import { PostList } from '../../components/post-list';
import { markAllTopicsRead, useUnreadPostList } from '../../features/topics/get-unread-posts';
import { he } from '../../i18n/he';
import { useForums } from '../../session/get-forums';
import { useTitle } from '../../session/head';
import { useAction } from '../../lib/use-action';
import { refreshUnreadTopics } from '../../session/unread-topics';
import './unread-page.css';

/**
 * What is new for the member (an addition to docs/product.md §2): the topics they opened that have
 * messages of others since, newest activity first, each with its count leading to the first new one,
 * and a button that counts them all as read.
 */
export function UnreadPage() {
  useTitle(he.unreadPage.title);
  const { data: forums } = useForums();
  const { query, posts, users } = useUnreadPostList();
  const queryClient = useQueryClient();
  const markAll = useAction();
  const markAllRead = () =>
    markAll.run(async () => {
      await markAllTopicsRead();
      await refreshUnreadTopics(queryClient);
    });

  return (
    <div className="unread-page">
      <Breadcrumbs trail={[{ label: he.unreadPage.title }]} />
      <h1 className="page-title">{he.unreadPage.title}</h1>
      {posts.length > 0 || markAll.status !== LoadStatus.NotStarted ? (
        <div className="unread-page__actions">
          {posts.length > 0 ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={markAll.loading}
              onClick={() => void markAllRead()}
            >
              {he.unreadPage.markAll}
            </button>
          ) : null}
          <ActionStatus
            status={markAll.status}
            error={markAll.error}
            success={he.unreadPage.allRead}
            onReset={markAll.reset}
          />
        </div>
      ) : null}
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
