import { useMemo } from 'react';
import type { PostsResponse } from '../../../shared/schemas/topics';
import { mergeById } from '../../lib/merge-pages';
import { usePosts } from './get-posts';

/** The posts and users of every fetched page of a list, without repeats. */
export function postsOfPages(pages: readonly PostsResponse[] = []) {
  return {
    posts: [...mergeById(pages.map((page) => page.posts)).values()],
    users: [...mergeById(pages.map((page) => page.users)).values()],
  };
}

/** A forum's (or all) posts, with their users, from every fetched page. */
export function usePostList(forumId: number) {
  const query = usePosts(forumId);
  const { posts, users } = useMemo(() => postsOfPages(query.data?.pages), [query.data]);
  return { query, posts, users };
}
