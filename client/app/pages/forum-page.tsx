import { useParams } from 'react-router';
import { LoadStatus } from '../../../shared/load-status';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { FailurePanel } from '../../components/failure-panel';
import { PageLoader } from '../../components/page-loader';
import { PostList } from '../../components/post-list';
import { useForums } from '../../session/get-forums';
import { usePostList } from '../../features/topics/use-post-list';
import { usePostsLive } from '../../features/topics/use-posts-live';
import { NewTopicsBanner } from '../../features/topics/new-topics-banner';
import { NewTopicBox } from '../../features/writer/new-topic-box';
import { useTitle } from '../../session/head';
import { loadStatusOfQuery } from '../../lib/load-status-store';
import { useRedirectToNotFound } from '../../lib/not-found';
import { ForumIcon } from '../../components/forum-icon';
import { textDirection } from '../../lib/text-direction';

/** A forum: breadcrumbs, the new-topic box once posts loaded, and its posts (docs/product.md §2). */
export function ForumPage() {
  const forumId = Number(useParams().forumId);
  const valid = Number.isSafeInteger(forumId) && forumId > 0;
  const { data: forums } = useForums();
  const forum = forums?.find((item) => item.id === forumId);
  const { query, posts, users } = usePostList(valid ? forumId : -1);
  const status = loadStatusOfQuery(query);
  const live = usePostsLive(forumId, valid && query.isSuccess, posts);
  useRedirectToNotFound(!valid || (status === LoadStatus.NotFound && posts.length === 0));
  useTitle(forum?.name);

  return (
    <div className="forum-page">
      <Breadcrumbs trail={[{ label: forum?.name ?? '' }]} />
      <header className="page-heading">
        <h1 dir={forum ? textDirection(forum.name) : undefined}>
          {forum ? (
            <>
              <ForumIcon icon={forum.icon} size={28} className="page-heading__icon" /> {forum.name}
            </>
          ) : (
            '\u00a0'
          )}
        </h1>
        {forum?.description ? (
          <p className="page-heading__description" dir={textDirection(forum.description)}>
            {forum.description}
          </p>
        ) : null}
      </header>
      {query.isSuccess ? <NewTopicBox forumId={forumId} /> : null}
      {query.isPending && valid ? <PageLoader /> : null}
      {status !== LoadStatus.NotFound && query.isError && posts.length === 0 ? (
        <FailurePanel onRetry={() => query.refetch()} />
      ) : null}
      {query.isSuccess || posts.length > 0 ? (
        <NewTopicsBanner count={live.newCount} onShow={() => void live.showNew().catch(() => undefined)} />
      ) : null}
      {query.isSuccess || posts.length > 0 ? (
        <PostList
          key={forumId}
          posts={posts}
          users={users}
          forums={forums}
          more={query}
          label={forum?.name ?? ''}
          showForum={false}
          inserted={live.inserted}
        />
      ) : null}
    </div>
  );
}
