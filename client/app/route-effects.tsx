import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { getAuth } from '../session/auth-store';
import { trackPageView } from '../lib/analytics';
import { setCanonical } from '../session/head';
import { clearLoadStatuses } from '../lib/load-status-store';
import { isGuardedPath } from './require-auth';

// How long a back/forward restore keeps trying while the page's data arrives and grows it.
const RESTORE_WINDOW_MS = 2_000;

/**
 * What happens on every navigation (docs/product.md §1, §2): the canonical link, a page view, cleared load
 * statuses, and the scroll position: top on a new page, restored on back and forward.
 */
export function RouteEffects() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const currentKey = useRef(location.key);
  // The page the browser loaded, until the first navigation away from it.
  const loadedPage = useRef<string | null>(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const handleScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        positions.current.set(currentKey.current, window.scrollY);
      });
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    // A server-rendered page is read and scrolled before the app runs, and no scroll event comes
    // once it does unless the reader scrolls again: its place is taken now, for the way back to it.
    positions.current.set(currentKey.current, window.scrollY);
    return () => {
      window.removeEventListener('scroll', handleScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    if (loadedPage.current !== location.key) loadedPage.current = null;
    const saved = navigationType === 'POP' ? positions.current.get(location.key) : undefined;
    if (saved === undefined) {
      // The loaded page keeps the scroll the browser gave it: a server-rendered page is read, and
      // scrolled, before the app's scripts arrive (shared/app-loader-script.ts).
      if (loadedPage.current === null) window.scrollTo(0, 0);
      return;
    }
    const started = performance.now();
    let frame = 0;
    const restore = () => {
      window.scrollTo(0, saved);
      const reached = Math.abs(window.scrollY - saved) < 2;
      if (!reached && performance.now() - started < RESTORE_WINDOW_MS) frame = requestAnimationFrame(restore);
    };
    restore();
    // A scroll by the visitor while we wait wins over the restore.
    const stop = () => cancelAnimationFrame(frame);
    window.addEventListener('wheel', stop, { once: true, passive: true });
    window.addEventListener('touchstart', stop, { once: true, passive: true });
    return () => {
      stop();
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
    };
  }, [location.key, navigationType]);

  useEffect(() => {
    setCanonical(location.pathname);
    clearLoadStatuses();
    // A guarded page that sends a guest straight back was never seen: it is not counted.
    if (!(isGuardedPath(location.pathname) && !getAuth().token)) trackPageView(location.pathname);
  }, [location.pathname]);

  return null;
}
