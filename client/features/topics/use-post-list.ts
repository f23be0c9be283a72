import { useMemo } from 'react';
import { mergeById } from '../../lib/merge-pages';
import { usePosts } from './get-posts';

/** The posts and users of every fetched page of a list, without repeats. */
export function usePostList(forumId: number) {
  const query = usePosts(forumId);
  const { posts, users } = useMemo(() => {
    const pages = query.data?.pages ?? [];
    return {
      posts: [...mergeById(pages.map((page) => page.posts)).values()],
      users: [...mergeById(pages.map((page) => page.users)).values()],
    };
  }, [query.data]);
  return { query, posts, users };
}
