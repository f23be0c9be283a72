import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

/** Every month, both ends of the day, every hour and a spread of minutes, over three years. */
function sweep(): Date[] {
  const dates: Date[] = [];
  for (const year of [1999, 2026, 2041])
    for (let month = 0; month < 12; month++)
      for (const day of [1, 9, 10, 28])
        for (let hour = 0; hour < 24; hour += day === 1 ? 1 : 7)
          for (const minute of [0, 7, 30, 59]) dates.push(new Date(Date.UTC(year, month, day, hour, minute)));
  return dates;
}

const icu = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('he-IL', options);

describe('Hebrew dates without Intl', () => {
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zoneBefore;
  });

  for (const zone of ['UTC', 'Asia/Jerusalem', 'America/New_York']) {
    it(`write what ICU writes for he-IL's medium style, in ${zone}`, () => {
      process.env.TZ = zone;
      const withTime = icu({ dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
      const dateOnly = icu({ dateStyle: 'medium', timeZone: zone });
      for (const date of sweep()) {
        const iso = date.toISOString();
        expect(formatDateTime(iso)).toBe(withTime.format(date));
        expect(formatDate(iso)).toBe(dateOnly.format(date));
      }
    });
  }

  it('take milliseconds since the epoch as the API sends them too', () => {
    process.env.TZ = 'Asia/Jerusalem';
    const ms = Date.UTC(2026, 11, 6, 10, 5);
    expect(formatDateTime(ms)).toBe('6 בדצמ׳ 2026, 12:05');
    expect(formatDate(ms)).toBe('6 בדצמ׳ 2026');
    expect(formatDateTime(ms)).toBe(formatDateTime(new Date(ms).toISOString()));
  });

  it('write nothing for a date that is not one', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('')).toBe('');
  });
});
