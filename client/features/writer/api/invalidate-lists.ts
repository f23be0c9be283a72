import type { QueryClient } from '@tanstack/react-query';

/**
 * Marks every post list stale (home, forums, search), so a new or changed topic shows in its
 * place and reply counts stay right. Keys are API paths (DESIGN.md).
 */
export function invalidatePostLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      return (
        typeof key === 'string' &&
        (key === '/api/home' || key.startsWith('/api/forum/') || key.startsWith('/api/search/'))
      );
    },
  });
}

/** Refetches one topic (its main message, replies and header). */
export function invalidateTopic(queryClient: QueryClient, topicId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [`/api/topic/${topicId}`] });
}
