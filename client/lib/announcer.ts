import { createStore } from './create-store';

/**
 * What the page's one polite live region says (client/components/announcer.tsx): news that arrives
 * without the visitor asking, such as a reply from the live updates.
 */
const store = createStore<string>(() => '', '');

export function announce(text: string): void {
  // Cleared first, so the same words said twice are heard twice.
  store.set('');
  queueMicrotask(() => store.set(text));
}

export const useAnnouncement = store.use;
