import { ALL_POSTS_FORUM_ID } from '../../../shared/limits';
import { FailurePanel } from '../../components/failure-panel';
import { PageLoader } from '../../components/page-loader';
import { PostList } from '../../components/post-list';
import { TopSlider } from '../../components/top-slider';
import { useForums } from '../../session/get-forums';
import { useSiteName } from '../../session/get-site';
import { usePostList } from '../../features/topics/use-post-list';
import { usePostsLive } from '../../features/topics/use-posts-live';
import { NewTopicsBanner } from '../../features/topics/new-topics-banner';
import { he } from '../../i18n/he';
import { useTitle } from '../../session/head';

/** Home: the top-posts slider and all posts (docs/product.md §2). */
export function HomePage() {
  useTitle(he.home);
  const siteName = useSiteName();
  const { data: forums } = useForums();
  const { query, posts, users } = usePostList(ALL_POSTS_FORUM_ID);
  const live = usePostsLive(ALL_POSTS_FORUM_ID, query.isSuccess, posts);

  return (
    <div className="home">
      <h1 className="visually-hidden">{siteName}</h1>
      {query.isPending ? <PageLoader /> : null}
      {query.isError && posts.length === 0 ? <FailurePanel onRetry={() => query.refetch()} /> : null}
      {posts.length > 0 ? (
        <>
          <TopSlider posts={posts} forums={forums} />
          <h2 className="section-title">{he.latestPosts}</h2>
          <NewTopicsBanner count={live.newCount} onShow={() => void live.showNew().catch(() => undefined)} />
          <PostList
            posts={posts}
            users={users}
            forums={forums}
            more={query}
            label={he.allPosts}
            inserted={live.inserted}
          />
        </>
      ) : null}
      {query.isSuccess && posts.length === 0 ? <p className="empty-state">{he.noPosts}</p> : null}
    </div>
  );
}
