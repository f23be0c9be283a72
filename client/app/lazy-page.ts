import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A route's page in a chunk of its own, which can be loaded before React first renders it. */
export type LazyPage<Props extends object> = LazyExoticComponent<ComponentType<Props>> & Preloadable;

export interface Preloadable {
  /** Loads the page's chunk; from then on the page renders without suspending. */
  preload(): Promise<void>;
}

/**
 * `React.lazy` over a page module, with `preload()`. A plain lazy component suspends on its first
 * render even when its chunk is already in (the module's promise settles a microtask later): on a
 * server-rendered page the header would hydrate while the page's HTML stayed without its handlers
 * for a moment. Once preloaded, this one hands React the page synchronously (React reads a thenable
 * that calls back at once as settled), so the whole page hydrates in one pass.
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  type PageModule = { default: ComponentType<Props> };
  let loaded: PageModule | null = null;
  let loading: Promise<PageModule> | null = null;
  const loadModule = () => {
    loading ??= load().then(
      (component) => {
        loaded = { default: component };
        return loaded;
      },
      (error: unknown) => {
        // A chunk that failed to arrive (offline) is asked for again at the next attempt.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => {
    const page = loaded;
    if (!page) return loadModule();
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy reads, on purpose.
    const settled = { then: (resolve: (value: PageModule) => unknown) => resolve(page) };
    return settled as unknown as Promise<PageModule>;
  });
  return Object.assign(component, { preload: () => loadModule().then(() => undefined) });
}
