import { useState } from 'react';
import { LIMITS } from '../../shared/limits';

/** Where the next items come from once the fetched ones run out: an infinite query fits as it is. */
export interface MoreSource {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * "Show 7 more" over a list fetched by server pages (docs/product.md §2, §9): 7 shown at first, 7 more per
 * click, and the next page fetched when the click reaches past what has arrived. `waiting` is true
 * while the shown count is ahead of the items and a page is on its way.
 */
export function useRevealMore(total: number, source: MoreSource) {
  const [shown, setShown] = useState<number>(LIMITS.pageSize);
  const waiting = source.isFetchingNextPage && shown > total;
  const canRevealMore = shown < total || source.hasNextPage;
  const revealMore = () => {
    const next = shown + LIMITS.pageSize;
    setShown(next);
    if (next > total && source.hasNextPage && !source.isFetchingNextPage)
      source.fetchNextPage().catch(() => undefined);
  };
  return { shown, waiting, canRevealMore, revealMore };
}
