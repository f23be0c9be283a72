/** The forum's day: likes are grouped and digests sent by the calendar day in Israel. */
export const FORUM_TIME_ZONE = 'Asia/Jerusalem';
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Made on first use: the first time-zone formatter maps some 7 MB of ICU data into the process,
 * which a server that has not sent a digest or grouped a like yet does not need (idle RSS, issue 13).
 */
let formatter: Intl.DateTimeFormat | undefined;
const forumWallClock = () =>
  (formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: FORUM_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }));

/** How far the forum's wall clock is ahead of UTC at `ms`. */
function offsetAt(ms: number): number {
  const parts = Object.fromEntries(
    forumWallClock()
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant the forum's day holding `ms` began, worked out from the time zone's offsets. */
function computeDayStart(ms: number): number {
  const guess = Math.floor((ms + offsetAt(ms)) / DAY_MS) * DAY_MS - offsetAt(ms);
  // A clock change between midnight and `ms` moves midnight by the difference.
  return Math.floor((ms + offsetAt(ms)) / DAY_MS) * DAY_MS - offsetAt(guess);
}

/**
 * The last day asked about. Every like groups by the day, and working one out formats the time
 * six times in ICU (8% of a like's CPU in the benchmark's profile); nearly every call falls in the
 * day before.
 */
let lastDay = { start: 0, end: 0 };

function forumDayHolding(ms: number): { start: number; end: number } {
  if (ms >= lastDay.start && ms < lastDay.end) return lastDay;
  const start = computeDayStart(ms);
  lastDay = { start, end: computeDayStart(start + DAY_MS + 3 * 60 * 60 * 1000) };
  return lastDay;
}

/** The instant the forum's day holding `ms` began. */
export function dayStart(ms: number): number {
  return forumDayHolding(ms).start;
}

/** The instant the next forum day begins after the day holding `ms`. */
export function nextDayStart(ms: number): number {
  return forumDayHolding(ms).end;
}
