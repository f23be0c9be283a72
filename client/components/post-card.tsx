import { AppLink } from './app-link';
import type { PublicUser } from '../../shared/schemas/common';
import type { Forum } from '../../shared/schemas/forums';
import type { UnreadTopic } from '../../shared/schemas/reading';
import type { Post } from '../../shared/schemas/topics';
import { he } from '../i18n/he';
import { useDateFormat } from '../lib/dates';
import { postImageUrl } from '../lib/images';
import { Avatar } from './avatar';
import { ForumIcon } from './forum-icon';
import { textDirection } from '../lib/text-direction';

/**
 * One post in a list: small image, subject, preview, author, forum, date and reply count; for a
 * member, over the image, how many messages came since they last read it, leading to the first.
 */
export function PostCard({
  post,
  user,
  forum,
  unread,
}: {
  post: Post;
  user?: PublicUser;
  forum?: Forum;
  unread?: UnreadTopic;
}) {
  const { formatDate } = useDateFormat();
  const image = postImageUrl(post.image, 'small');
  return (
    <article className="post-card">
      <div className="post-card__media">
        <AppLink to={`/topic/${post.id}`} className="post-card__image" tabIndex={-1} aria-hidden="true">
          {image ? (
            <img src={image} alt="" width={96} height={96} loading="lazy" decoding="async" />
          ) : (
            <span />
          )}
        </AppLink>
        {unread ? (
          // Over the image, so its arrival after the page moves nothing.
          <AppLink to={`/topic/${post.id}?message=${unread.firstUnreadId}`} className="post-card__unread">
            {he.unread.badge(unread.unreadCount)} <span className="visually-hidden">{he.unread.where}</span>
          </AppLink>
        ) : null}
      </div>
      <div className="post-card__body">
        <h3 className="post-card__subject">
          <AppLink to={`/topic/${post.id}`} dir={textDirection(post.subject)}>
            {post.subject}
          </AppLink>
        </h3>
        <p className="post-card__preview" dir={textDirection(post.message)}>
          {post.message}
        </p>
        <div className="post-card__meta">
          <span className="post-card__author">
            <Avatar user={user} size={22} />
            <span dir="auto">{user?.username ?? he.unknownUser}</span>
          </span>
          {forum ? (
            <AppLink to={`/forum/${forum.id}`} className="chip">
              <ForumIcon icon={forum.icon} size={16} /> {forum.name}
            </AppLink>
          ) : null}
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span className="post-card__replies">{he.replies(post.replies)}</span>
        </div>
      </div>
    </article>
  );
}
