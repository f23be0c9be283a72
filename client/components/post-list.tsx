import type { PublicUser } from '../../shared/schemas/common';
import type { Forum } from '../../shared/schemas/forums';
import type { Post } from '../../shared/schemas/topics';
import { he } from '../i18n/he';
import { type MoreSource, useRevealMore } from '../lib/use-reveal-more';
import { PageLoader } from './page-loader';
import { PostCard } from './post-card';
import { useUnreadTopics } from '../session/unread-topics';

interface PostListProps {
  posts: readonly Post[];
  users: readonly PublicUser[];
  forums: readonly Forum[] | undefined;
  /** The list's query: its next server page is fetched when the shown posts run out. */
  more: MoreSource;
  label: string;
  showForum?: boolean;
  /** Posts inserted at the top after the list was shown: shown on top of the revealed count. */
  inserted?: number;
}

/**
 * Posts, 7 at first; the link shows 7 earlier ones each time, fetching from the server when the
 * fetched ones run out (docs/product.md §2, §9).
 */
export function PostList({
  posts,
  users,
  forums,
  more,
  label,
  showForum = true,
  inserted = 0,
}: PostListProps) {
  const { shown, waiting, canRevealMore, revealMore } = useRevealMore(posts.length - inserted, more);
  const visible = posts.slice(0, shown + inserted);
  const unread = useUnreadTopics(visible);

  if (posts.length === 0) return <p className="empty-state">{he.noPosts}</p>;

  return (
    <section className="post-list" aria-label={label}>
      <ul className="post-list__items">
        {visible.map((post) => (
          <li key={post.id}>
            <PostCard
              post={post}
              user={users.find((user) => user.id === post.userId)}
              forum={showForum ? forums?.find((forum) => forum.id === post.forumId) : undefined}
              unread={unread.get(post.id)}
            />
          </li>
        ))}
      </ul>
      {waiting ? <PageLoader compact /> : null}
      {canRevealMore && !waiting ? (
        <button type="button" className="link-button load-more" onClick={revealMore}>
          {he.showEarlierPosts}
        </button>
      ) : null}
    </section>
  );
}
