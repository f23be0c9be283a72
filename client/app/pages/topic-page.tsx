import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link';
import { LoadStatus } from '../../../shared/load-status';
import type { PublicUser } from '../../../shared/schemas/common';
import type { Message } from '../../../shared/schemas/messages';
import type { Post } from '../../../shared/schemas/topics';
import { Avatar } from '../../components/avatar';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { FailurePanel } from '../../components/failure-panel';
import { PageLoader } from '../../components/page-loader';
import { useForums } from '../../session/get-forums';
import { MessageActions } from '../../features/message-actions/message-actions';
import { loadMessageSanitizer, MessageContent } from '../../components/message-content';
import { useRecommendations } from '../../features/topics/get-recommendations';
import { useMarkMessagesRead } from '../../features/notifications/api/mark-messages-read';
import { newerMessageId, repliesOf, topicOf, useTopic } from '../../features/topics/get-topic';
import { useTopicLive } from '../../features/topics/use-topic-live';
import { useActor } from '../../session/auth-store';
import { ReplyWriter } from '../../features/writer/reply-writer';
import { he } from '../../i18n/he';
import { useDateFormat } from '../../lib/dates';
import { useTitle } from '../../session/head';
import { useNewSinceEntry, useUnreadTopics } from '../../session/unread-topics';
import { leadImageSources } from '../../lib/images';
import { loadStatusOfQuery } from '../../lib/load-status-store';
import { mergeById } from '../../lib/merge-pages';
import { type MoreSource, useRevealMore } from '../../lib/use-reveal-more';
import { useRedirectToNotFound } from '../../lib/not-found';
import { MESSAGE_PARAMETER } from '../../../shared/notification-texts';
import { textDirection } from '../../lib/text-direction';
import './topic-page.css';

// Every topic shows message bodies: the sanitiser loads beside the topic's data, not after it.
loadMessageSanitizer();

/**
 * A topic: breadcrumbs, its header, the main message and the latest replies with a link to earlier
 * ones, the reply writer, and recommendations (docs/product.md §2).
 */
export function TopicPage() {
  const topicId = Number(useParams().topicId);
  const valid = Number.isSafeInteger(topicId) && topicId > 0;
  const atMessageId = messageIdOf(useSearchParams()[0].get(MESSAGE_PARAMETER));
  const query = useTopic(valid ? topicId : 0, atMessageId);
  const status = loadStatusOfQuery(query);
  const first = topicOf(query.data?.pages);
  // Live replies fold into the latest page; a topic opened at an older message (a notification's
  // link) is not the latest page, so it stays as loaded until the reader goes on to the newest.
  useTopicLive(topicId, valid && first !== undefined && atMessageId === null);
  // A message that is gone (deleted since the notification): the topic opens at its latest replies.
  const messageGone = atMessageId !== null && status === LoadStatus.NotFound && !first;
  useRedirectToNotFound(!valid || (status === LoadStatus.NotFound && !first && atMessageId === null));
  const highlighted = useScrollToMessage(first ? atMessageId : null, topicId);
  const newSince = useNewSinceEntry(valid ? topicId : 0);
  useTitle(first?.post.subject);
  const { data: forums } = useForums();
  const forum = forums?.find((item) => item.id === first?.post.forumId);

  const { replies, users } = useMemo(() => {
    const pages = query.data?.pages ?? [];
    return { replies: repliesOf(pages), users: mergeById(pages.map((page) => page.users)) };
  }, [query.data]);

  if (messageGone && valid) return <Navigate to={`/topic/${topicId}`} replace />;

  return (
    <div className="topic-page">
      <Breadcrumbs
        trail={[
          ...(forum ? [{ label: forum.name, to: `/forum/${forum.id}` }] : []),
          { label: first?.post.subject ?? '' },
        ]}
      />
      {query.isPending && valid ? <PageLoader /> : null}
      {status !== LoadStatus.NotFound && query.isError && !first ? (
        <FailurePanel onRetry={() => query.refetch()} />
      ) : null}
      {first ? (
        <>
          <TopicHeader post={first.post} />
          <section className="messages" aria-label={he.messagesOf(first.post.subject)}>
            <MessageItem
              message={first.mainMessage}
              post={first.post}
              user={users.get(first.mainMessage.userId)}
              isMain
              highlighted={highlighted === first.mainMessage.id}
            />
            <Replies
              key={`${topicId}-${atMessageId}`}
              replies={replies}
              mainId={first.mainMessage.id}
              post={first.post}
              users={users}
              more={query}
              highlighted={highlighted}
              newSince={newSince}
              newerId={newerMessageId(query.data?.pages)}
            />
          </section>
          {hasReplyWriter(first.post) && first.mainMessage ? <ReplyWriter topicId={topicId} /> : null}
          <Recommendations topicId={topicId} forums={forums} />
        </>
      ) : null}
    </div>
  );
}

/** The reply writer shows only when the topic has its image (docs/product.md §2); quotes go into it. */
const hasReplyWriter = (post: Post) => Boolean(post.image);

/** How wide the header's picture is drawn (main.css): the page less its padding, up to the widest page. */
const HEADER_IMAGE_SIZES =
  '(max-width: 500px) calc(100vw - 20px), (max-width: 1000px) calc(100vw - 32px), 968px';

function TopicHeader({ post }: { post: Post }) {
  const { formatDateTime } = useDateFormat();
  const image = leadImageSources(post.image, HEADER_IMAGE_SIZES);
  return (
    <header className="topic-header">
      {image ? (
        <img className="topic-header__image" {...image} alt="" decoding="async" fetchPriority="high" />
      ) : null}
      <div className="topic-header__text">
        <h1 dir={textDirection(post.subject)}>{post.subject}</h1>
        <p className="topic-header__meta">
          <time dateTime={post.date}>{formatDateTime(post.date)}</time>
          <span aria-hidden="true"> · </span>
          {he.replies(post.replies)}
        </p>
      </div>
    </header>
  );
}

/** How close to the end of the replies (px below the viewport) still counts as reading the newest. */
const NEAR_END_PX = 150;

/** The `?message=` of a notification's link: a message id, or null when absent or malformed. */
function messageIdOf(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Once the page holding `messageId` is shown, scrolls to that message and highlights it; the
 * message's `scroll-margin` keeps it clear of the sticky header and the bottom bar.
 */
function useScrollToMessage(messageId: number | null, topicId: number): number | null {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (messageId === null) return;
    const key = `${topicId}:${messageId}`;
    if (done.current === key) return;
    const element = document.getElementById(`message-${messageId}`);
    if (!element) return;
    done.current = key;
    element.scrollIntoView({ block: 'start' });
    // Focus moves there too, so a screen reader or keyboard user starts reading at the message.
    element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: true });
    setHighlighted(messageId);
  });
  return highlighted;
}

function Replies({
  replies,
  mainId,
  post,
  users,
  more,
  highlighted,
  newSince,
  newerId,
}: {
  replies: readonly Message[];
  mainId: number;
  post: Post;
  users: ReadonlyMap<number, PublicUser>;
  more: MoreSource;
  highlighted: number | null;
  /** The first message the member had not seen when they came in (useNewSinceEntry). */
  newSince: number | null;
  /** The first reply after the shown page, when the page was opened at a message and newer ones exist. */
  newerId: number | null;
}) {
  const actor = useActor();
  // Replies newer than this arrived live and wait behind the "new messages" button until the
  // reader is at the end, so nothing moves under a reader who is further up.
  const [newestAtMount] = useState(() => Math.max(mainId, ...replies.map((message) => message.id)));
  const [revealedUpTo, setRevealedUpTo] = useState(newestAtMount);
  const [scrollTarget, setScrollTarget] = useState<number | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const shownReplies = replies.filter((message) => message.id <= revealedUpTo);
  const pending = replies.filter((message) => message.id > revealedUpTo);
  // Live arrivals add to what is shown instead of pushing the oldest shown reply out of view.
  const arrived = shownReplies.filter((message) => message.id > newestAtMount).length;
  const { shown, waiting, canRevealMore, revealMore } = useRevealMore(shownReplies.length, more);
  const visible = shownReplies.slice(Math.max(0, shownReplies.length - shown - arrived));
  const newest = pending.at(-1)?.id ?? revealedUpTo;
  const ownPending = actor !== null && pending.some((message) => message.userId === actor.id);

  useEffect(() => {
    if (pending.length === 0) return;
    const nearEnd = () => {
      const end = endRef.current;
      return end !== null && end.getBoundingClientRect().top <= window.innerHeight + NEAR_END_PX;
    };
    if (ownPending || nearEnd()) {
      setRevealedUpTo(newest);
      return;
    }
    const handleScroll = () => {
      if (nearEnd()) setRevealedUpTo(newest);
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [pending.length, ownPending, newest]);

  useEffect(() => {
    if (scrollTarget === null) return;
    document.getElementById(`message-${scrollTarget}`)?.scrollIntoView({ block: 'start' });
    setScrollTarget(null);
  }, [scrollTarget]);

  const handleShowNew = () => {
    setScrollTarget(pending[0]?.id ?? null);
    setRevealedUpTo(newest);
  };
  // What is on screen counts as read: the main message (its id is the topic's) and these replies.
  useMarkMessagesRead(post.id, [post.id, ...visible.map((message) => message.id)]);

  return (
    <>
      {waiting ? <PageLoader compact /> : null}
      {canRevealMore && !waiting ? (
        <button type="button" className="link-button load-more load-more--earlier" onClick={revealMore}>
          {he.showEarlierMessages}
        </button>
      ) : null}
      {visible.map((message) => (
        <MessageItem
          key={message.id}
          message={message}
          post={post}
          user={users.get(message.userId)}
          isMain={false}
          highlighted={highlighted === message.id}
          isNew={newSince !== null && message.id >= newSince && message.userId !== actor?.id}
        />
      ))}
      <div ref={endRef} />
      <div className="new-messages" aria-live="polite">
        {pending.length > 0 ? (
          <button type="button" className="new-messages__button" onClick={handleShowNew}>
            {he.newMessages(pending.length)}
          </button>
        ) : null}
      </div>
      {newerId !== null ? (
        <AppLink
          className="link-button load-more load-more--newer"
          to={`/topic/${post.id}?message=${newerId}`}
        >
          {he.topicAt.newer}
        </AppLink>
      ) : null}
    </>
  );
}

function MessageItem({
  message,
  post,
  user,
  isMain,
  highlighted = false,
  isNew = false,
}: {
  message: Message;
  post: Post;
  user?: PublicUser;
  isMain: boolean;
  highlighted?: boolean;
  /** Not seen by the member before this visit. */
  isNew?: boolean;
}) {
  const { formatDateTime } = useDateFormat();
  const className = [
    'message',
    isMain ? 'message--main' : '',
    highlighted ? 'is-highlighted' : '',
    isNew ? 'is-new' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <article
      className={className}
      aria-labelledby={`message-${message.id}-author`}
      id={`message-${message.id}`}
    >
      <header className="message__header">
        <Avatar user={user} size={40} />
        <div className="message__who">
          <span className="message__author" id={`message-${message.id}-author`}>
            {/* The name alone in its own direction: the badge after it follows the page's. */}
            <span dir="auto">{user?.username ?? he.unknownUser}</span>
            {user?.isAdmin ? <span className="badge">מנהל</span> : null}
          </span>
          <span className="message__when">
            <time className="message__date" dateTime={message.date}>
              {formatDateTime(message.date)}
            </time>
            {/* On the date's line, which has room for it: its arrival after the page moves nothing. */}
            {isNew ? <span className="badge badge--new">{he.unread.newMessage}</span> : null}
          </span>
        </div>
        {message.likes.length > 0 ? (
          <span className="message__likes" title={he.likes(message.likes.length)}>
            <span aria-hidden="true">♥</span> {he.likes(message.likes.length)}
          </span>
        ) : null}
      </header>
      <MessageContent html={message.content} />
      <MessageActions
        message={message}
        post={post}
        isMain={isMain}
        author={user?.username}
        quotable={hasReplyWriter(post)}
      />
    </article>
  );
}

// Recommendations come 5000 ms after entering (docs/product.md §2): their cards load with them.
const PostCard = lazy(() => import('../../components/post-card').then((m) => ({ default: m.PostCard })));

function Recommendations({
  topicId,
  forums,
}: {
  topicId: number;
  forums: ReturnType<typeof useForums>['data'];
}) {
  const { data } = useRecommendations(topicId);
  const posts = data?.posts.filter((post) => post.id !== topicId) ?? [];
  const unread = useUnreadTopics(posts);
  if (posts.length === 0) return null;
  // The block shows whole, heading and cards together, once the cards' code is here too.
  return (
    <Suspense fallback={null}>
      <section className="recommendations" aria-labelledby="recommendations-title">
        <h2 id="recommendations-title" className="section-title">
          {he.recommendations}
        </h2>
        <ul className="post-list__items">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                user={data?.users.find((user) => user.id === post.userId)}
                forum={forums?.find((forum) => forum.id === post.forumId)}
                unread={unread.get(post.id)}
              />
            </li>
          ))}
        </ul>
      </section>
    </Suspense>
  );
}
