import { useMemo } from 'react';
import type { PublicUser } from '../../../shared/schemas/common';
import type { Post } from '../../../shared/schemas/topics';
import { usePosts } from './get-posts';

/** The posts and users of every fetched page of a list, without repeats. */
export function usePostList(forumId: number) {
  const query = usePosts(forumId);
  const { posts, users } = useMemo(() => {
    const postsById = new Map<number, Post>();
    const usersById = new Map<number, PublicUser>();
    for (const page of query.data?.pages ?? []) {
      for (const post of page.posts) if (!postsById.has(post.id)) postsById.set(post.id, post);
      for (const user of page.users) usersById.set(user.id, user);
    }
    return { posts: [...postsById.values()], users: [...usersById.values()] };
  }, [query.data]);
  return { query, posts, users };
}
