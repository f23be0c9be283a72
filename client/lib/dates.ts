import { useSyncExternalStore } from 'react';

/**
 * The months as he-IL's medium date style writes them. Dates are formatted by hand, not with
 * `Intl.DateTimeFormat`: a page's first formatter makes the browser load its locale data, 35–120
 * ms of main thread in the middle of hydration on this machine (the largest single item of a
 * topic page's start-up), where a `Date` getter costs microseconds. `dates.test.ts` holds the
 * output to ICU's for every month, hour and minute.
 */
const MONTHS = ['ינו׳', 'פבר׳', 'מרץ', 'אפר׳', 'מאי', 'יוני', 'יולי', 'אוג׳', 'ספט׳', 'אוק׳', 'נוב׳', 'דצמ׳'];

type Zone = 'local' | 'UTC';

/** An instant as the API sends it: an ISO 8601 text, or milliseconds since the epoch. */
type Instant = string | number;

function format(instant: Instant, withTime: boolean, zone: Zone = 'local'): string {
  const date = new Date(instant);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  // The reader's wall clock at that instant, read through the UTC getters like a UTC date.
  const wall = zone === 'UTC' ? date : new Date(time - date.getTimezoneOffset() * 60_000);
  const calendarDay = `${wall.getUTCDate()} ב${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
  return withTime
    ? `${calendarDay}, ${wall.getUTCHours()}:${String(wall.getUTCMinutes()).padStart(2, '0')}`
    : calendarDay;
}

/**
 * A date as Hebrew readers write it, e.g. "21 בנוב׳ 2026, 12:40", in the browser's time zone: the
 * one way the forum writes a date, on its pages and its admin's alike.
 */
export function formatDateTime(instant: Instant): string {
  return format(instant, true);
}

/** The day alone, e.g. "21 בנוב׳ 2026". */
export function formatDate(instant: Instant): string {
  return format(instant, false);
}

const subscribeNever = () => () => undefined;

/**
 * Date formatting for what the server renders too: in UTC on the server and during hydration (the
 * server cannot know the reader's zone, and hydration must make the server's text), in the
 * browser's zone from the render right after.
 */
export function useDateFormat(): {
  formatDateTime(instant: Instant): string;
  formatDate(instant: Instant): string;
} {
  const zone = useSyncExternalStore<Zone>(
    subscribeNever,
    () => 'local',
    () => 'UTC',
  );
  return {
    formatDateTime: (instant) => format(instant, true, zone),
    formatDate: (instant) => format(instant, false, zone),
  };
}
