import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ALL_POSTS_FORUM_ID } from '../../../shared/limits';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { apiFetch } from '../../lib/api-client';
import { type LiveEvent, useLiveEvents } from '../../lib/live-events';
import { mergeById } from '../../lib/merge-pages';
import { apiPaths, queryKeys } from '../../lib/query-keys';

type PostsData = InfiniteData<PostsResponse, number | null>;

/**
 * Puts the posts of a fresh first page that the list does not hold yet at its top. Later pages and
 * the keyset cursor (the oldest fetched post's timestamp) stay as they are. Returns the new data and
 * how many posts were inserted.
 */
export function insertNewPosts(
  data: PostsData,
  latest: PostsResponse,
): { data: PostsData; inserted: number } {
  const [first, ...rest] = data.pages;
  if (!first) return { data, inserted: 0 };
  const known = new Set(data.pages.flatMap((page) => page.posts.map((post) => post.id)));
  const fresh = latest.posts.filter((post) => !known.has(post.id));
  if (fresh.length === 0) return { data, inserted: 0 };
  const newFirst: PostsResponse = {
    ...first,
    posts: [...fresh, ...first.posts],
    users: [...mergeById([first.users, latest.users]).values()],
  };
  return { data: { ...data, pages: [newFirst, ...rest] }, inserted: fresh.length };
}

const removePost = (data: PostsData, topicId: number): PostsData => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.id !== topicId) })),
});

/**
 * Live updates of a post list (home when forumId is 0, else a forum): new topics are counted into
 * a banner and inserted only when the reader asks (`showNew`), so the list never moves under them;
 * a deleted topic, or one moved out of this forum, leaves the list at once; other changes (replies,
 * subjects) mark the list stale for the next visit. A resync refetches it.
 */
export function usePostsLive(forumId: number, enabled: boolean, posts: readonly { id: number }[]) {
  const queryClient = useQueryClient();
  const key = queryKeys.posts(forumId);
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  /** Posts inserted from the banner: the list shows that many more, so none drops off its end. */
  const [inserted, setInserted] = useState(0);
  const isHome = forumId === ALL_POSTS_FORUM_ID;
  const [owner, setOwner] = useState(forumId);
  // Object.is: a forum id that is not a number (NaN) must still equal itself, or this loops.
  if (!Object.is(owner, forumId)) {
    // Another forum in the same page component: its own banner and count.
    setOwner(forumId);
    setNewIds(new Set());
    setInserted(0);
  }

  const handleEvent = (event: LiveEvent) => {
    if (event.type === 'resync') {
      setNewIds(new Set());
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    if (!('topicId' in event)) return;
    const data = queryClient.getQueryData<PostsData>(key);
    const listed = data?.pages.some((page) => page.posts.some((post) => post.id === event.topicId)) ?? false;
    const leaves =
      event.type === 'topic.deleted' ||
      (event.type === 'topic.moved' && !isHome && event.forumId !== forumId);
    if (leaves) {
      setNewIds((ids) => {
        if (!ids.has(event.topicId)) return ids;
        const next = new Set(ids);
        next.delete(event.topicId);
        return next;
      });
      if (data && listed) queryClient.setQueryData<PostsData>(key, removePost(data, event.topicId));
      return;
    }
    const arrives = event.type === 'topic.created' || (event.type === 'topic.moved' && !isHome);
    if (arrives && !listed) {
      setNewIds((ids) => (ids.has(event.topicId) ? ids : new Set(ids).add(event.topicId)));
      return;
    }
    void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
  };
  useLiveEvents(enabled ? (isHome ? { home: true } : { forum: forumId }) : null, handleEvent);

  const showNew = async () => {
    const latest = await apiFetch<PostsResponse>(apiPaths.posts(forumId));
    const data = queryClient.getQueryData<PostsData>(key);
    setNewIds(new Set());
    if (!data) return;
    const result = insertNewPosts(data, latest);
    queryClient.setQueryData<PostsData>(key, result.data);
    setInserted((count) => count + result.inserted);
  };

  // A topic that reached the list another way (the reader's own, after its write refetched the list)
  // is no longer new.
  const listed = new Set(posts.map((post) => post.id));
  const newCount = [...newIds].filter((id) => !listed.has(id)).length;
  return { newCount, showNew, inserted };
}
