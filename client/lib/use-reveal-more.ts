import { useState } from 'react';
import { LIMITS } from '../../shared/limits';

/** Where the next items come from once the fetched ones run out. */
interface MoreSource {
  hasMore: boolean;
  loadingMore: boolean;
  fetchMore: () => void;
}

/**
 * "Show 7 more" over a list fetched by server pages (spec §2, §9): 7 shown at first, 7 more per
 * click, and the next page fetched when the click reaches past what has arrived. `waiting` is true
 * while the shown count is ahead of the items and a page is on its way.
 */
export function useRevealMore(total: number, source: MoreSource) {
  const [shown, setShown] = useState<number>(LIMITS.pageSize);
  const waiting = source.loadingMore && shown > total;
  const canRevealMore = shown < total || source.hasMore;
  const revealMore = () => {
    const next = shown + LIMITS.pageSize;
    setShown(next);
    if (next > total && source.hasMore && !source.loadingMore) source.fetchMore();
  };
  return { shown, waiting, canRevealMore, revealMore };
}
