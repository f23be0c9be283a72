import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { SERVER_STATE_ID, type ServerState } from '../../shared/server-render';

/**
 * Reads what the server rendered the page from (shared/server-render.ts) into the query client, so
 * hydration renders the same HTML and fetches nothing. The data counts as fetched now: the page
 * came from the guest cache, which a write drops before it answers, so it is as fresh as a fetch.
 * Null when the page was not rendered on the server (the bare app shell).
 */
export function readServerState(queryClient: QueryClient): ServerState | null {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  let state: ServerState;
  try {
    state = JSON.parse(script.textContent) as ServerState;
  } catch {
    return null;
  }
  const dehydrated = state.queries as DehydratedState;
  const now = Date.now();
  hydrate(queryClient, {
    ...dehydrated,
    queries: dehydrated.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  });
  return state;
}
