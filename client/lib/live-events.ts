import { useEffect, useRef } from 'react';
import type { LiveHandler, LiveHub, LiveSubscription } from './live-hub';

export type { LiveEvent, LiveHandler, LiveSubscription } from './live-hub';

let loaded: LiveHub | null = null;
let loading: Promise<LiveHub | null> | null = null;
let pagePosition: string | null = null;

/**
 * The live position a server-rendered page was read at (shared/server-render.ts): the tab's
 * first stream resumes from it, so an event between the render and the stream's opening still
 * reaches the page.
 */
export function resumeLiveEventsFrom(position: string | undefined): void {
  pagePosition = position ?? null;
}

/**
 * The tab's hub and its stream code, loaded on the first subscription: live updates begin once the
 * page is up, and their code (about 1.5 KB on the wire) is not part of any page's first download.
 */
function loadLiveHub(): Promise<LiveHub | null> {
  loading ??= import('./live-hub').then((module) => {
    loaded = module.liveHub(pagePosition);
    return loaded;
  });
  return loading;
}

/** The hub if a page has already subscribed; null before (a hub made later reads the state then). */
export function loadedLiveHub(): LiveHub | null {
  return loaded;
}

/**
 * Hears the live events about what the calling component shows, over the tab's one stream. The
 * handler may change between renders; the subscription reopens the stream only when its content
 * changes.
 */
export function useLiveEvents(subscription: LiveSubscription | null, handler: LiveHandler): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const { topic, forum, home, reports, notifications } = subscription ?? {};
  const active = subscription !== null;
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    loadLiveHub().then((hub) => {
      if (cancelled) return;
      unsubscribe = hub?.subscribe({ topic, forum, home, reports, notifications }, (event) =>
        handlerRef.current(event),
      );
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [active, topic, forum, home, reports, notifications]);
}
