import { LIMITS } from '../../shared/limits';

/**
 * Registers the service worker once the app is idle after load, or after 30000 ms at the latest
 * (docs/product.md §1, §9), so caching the shell never competes with the first paint.
 */
export function scheduleServiceWorker(delayMs: number = LIMITS.serviceWorkerDelayMs): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  let done = false;
  const register = () => {
    if (done) return;
    done = true;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No offline support this visit; the site works the same online.
    });
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: delayMs });
    else setTimeout(register, 1);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  setTimeout(register, delayMs);
}
