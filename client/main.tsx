import '@fontsource-variable/rubik';
import './styles/main.css';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRenderedPage } from './app/routes';
import { resumeLiveEventsFrom } from './lib/live-events';
import { HYDRATED_ATTRIBUTE } from '../shared/app-loader-script';
import { NOT_FOUND_PAGE } from './lib/not-found';
import { queryClient } from './lib/query-client';
import { readServerState } from './lib/server-state';
import { scheduleServiceWorker } from './lib/service-worker';

const container = document.getElementById('root');
const server = readServerState(queryClient);
if (server?.status === 404 && window.location.pathname !== NOT_FOUND_PAGE) {
  // The server answered 404 with the not-found page; the address goes on to it (docs/product.md §2).
  window.location.replace(NOT_FOUND_PAGE);
} else if (container) {
  resumeLiveEventsFrom(server?.live);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // A page the server rendered is hydrated with the data it was rendered from; the others start empty.
  // Hydration waits for the page's chunk (preloaded by the server's page): begun before it, the
  // header would answer clicks while the page below, still waiting, let them fall on dead HTML.
  // A chunk that cannot arrive leaves the page to its boundary, as any failed lazy page.
  // Hydrated as a transition: React then works through the page in slices of a few milliseconds,
  // yielding to the browser between them, where a default-priority hydration is one task as long
  // as the whole page (on a throttled phone, the longest task of the page's load).
  if (server)
    void loadRenderedPage(window.location.pathname)
      .catch(() => undefined)
      .then(() =>
        startTransition(() => {
          hydrateRoot(container, <MarkHydrated root={container}>{app}</MarkHydrated>);
        }),
      );
  else createRoot(container).render(app);
  scheduleServiceWorker();
}

/**
 * Marks the root once the page's first commit is done, for the page's loader, which holds a tap on a
 * server-rendered button until then (shared/app-loader-script.ts). A wrapper rather than a sibling:
 * a second child at the root would change every `useId` below it, and the server's ids with them.
 */
function MarkHydrated({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => root.setAttribute(HYDRATED_ATTRIBUTE, ''), [root]);
  return children;
}
