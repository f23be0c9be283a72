import { useEffect } from 'react';

/** Where the server answers with HTTP 404 and the not-found page (docs/product.md §2, §8). */
export const NOT_FOUND_PAGE = '/page/not-found';

/**
 * Sends the browser to the not-found page with a full load, so the answer carries a real 404 for
 * crawlers and the history entry of the missing page is replaced.
 */
export function useRedirectToNotFound(when: boolean): void {
  useEffect(() => {
    if (when) window.location.replace(NOT_FOUND_PAGE);
  }, [when]);
}
