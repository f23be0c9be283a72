import { useSyncExternalStore } from 'react';

type Formatters = { dateTime: Intl.DateTimeFormat; dateOnly: Intl.DateTimeFormat };
const byZone = new Map<string, Formatters>();
const LOCAL = 'local';

function formatters(zone: string): Formatters {
  let found = byZone.get(zone);
  if (!found) {
    const timeZone = zone === LOCAL ? undefined : zone;
    found = {
      dateTime: new Intl.DateTimeFormat('he-IL', { dateStyle: 'medium', timeStyle: 'short', timeZone }),
      dateOnly: new Intl.DateTimeFormat('he-IL', { dateStyle: 'medium', timeZone }),
    };
    byZone.set(zone, found);
  }
  return found;
}

function format(iso: string, kind: keyof Formatters, zone: string = LOCAL): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatters(zone)[kind].format(date);
}

/** A date as Hebrew readers write it, e.g. "21 בנוב׳ 2026, 12:40", in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return format(iso, 'dateTime');
}

export function formatDate(iso: string): string {
  return format(iso, 'dateOnly');
}

const subscribeNever = () => () => undefined;

/**
 * Date formatting for what the server renders too: in UTC on the server and during hydration (the
 * server cannot know the reader's zone, and hydration must make the server's text), in the
 * browser's zone from the render right after.
 */
export function useDateFormat(): { formatDateTime(iso: string): string; formatDate(iso: string): string } {
  const zone = useSyncExternalStore(
    subscribeNever,
    () => LOCAL,
    () => 'UTC',
  );
  return {
    formatDateTime: (iso) => format(iso, 'dateTime', zone),
    formatDate: (iso) => format(iso, 'dateOnly', zone),
  };
}
