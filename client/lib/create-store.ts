import { useSyncExternalStore } from 'react';

/**
 * A minimal external store for app-wide client state that is not server data (auth, header panel,
 * load statuses). `serverState` is what a server render and the hydration pass see, so a store
 * that reads browser storage lazily stays SSR-safe.
 */
interface Store<T> {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
  use(): T;
}

export function createStore<T>(initial: () => T, serverState: T): Store<T> {
  let state: T | undefined;
  let ready = false;
  const listeners = new Set<() => void>();
  const get = (): T => {
    if (!ready) {
      state = initial();
      ready = true;
    }
    return state as T;
  };
  const set = (next: T | ((previous: T) => T)) => {
    const value = typeof next === 'function' ? (next as (previous: T) => T)(get()) : next;
    if (Object.is(value, state)) return;
    state = value;
    ready = true;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get,
    set,
    subscribe,
    use: () => useSyncExternalStore(subscribe, get, () => serverState),
  };
}
