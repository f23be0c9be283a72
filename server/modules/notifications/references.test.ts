import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from '../markup/markup';
import { DAY_MS, dayStart, nextDayStart } from './days';
import { mentionedUserIds, quotedMessageIds } from './references';

describe('message references in the sanitiser', () => {
  it('drops every span a writer sends, keeping its text', () => {
    expect(sanitizeMessage('<p><span data-mention="1" onclick="x()">@admin</span></p>')).toBe(
      '<p>@admin</p>',
    );
  });

  it('keeps a numeric quote source on a blockquote and nothing else', () => {
    expect(sanitizeMessage('<blockquote data-quote="42" data-x="1">ציטוט</blockquote>')).toBe(
      '<blockquote data-quote="42">ציטוט</blockquote>',
    );
    for (const bad of ['0', '-1', '1e3', '12 ', 'javascript:1', '1234567890123456']) {
      expect(sanitizeMessage(`<blockquote data-quote="${bad}">ציטוט</blockquote>`)).toBe(
        '<blockquote>ציטוט</blockquote>',
      );
    }
  });

  it('reads mentions and quotes back from stored markup', () => {
    const stored =
      '<blockquote data-quote="7">x</blockquote><p>ל<span data-mention="3">@דני</span> ו<span data-mention="3">@דני</span> <span data-mention="5">@dana</span></p>';
    expect(mentionedUserIds(stored)).toEqual([3, 5]);
    expect(quotedMessageIds(stored)).toEqual([7]);
  });
});

describe('forum days (Asia/Jerusalem)', () => {
  it('start at midnight in Israel, winter and summer, across the clock changes', () => {
    // Winter: UTC+2, midnight is 22:00 UTC the day before.
    expect(new Date(dayStart(Date.UTC(2026, 0, 15, 21, 59))).toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(new Date(dayStart(Date.UTC(2026, 0, 15, 22, 0))).toISOString()).toBe('2026-01-15T22:00:00.000Z');
    // Summer: UTC+3.
    expect(new Date(dayStart(Date.UTC(2026, 6, 1, 12))).toISOString()).toBe('2026-06-30T21:00:00.000Z');
    // The day of the spring change (27 March 2026, 02:00 → 03:00) begins at winter midnight.
    expect(new Date(dayStart(Date.UTC(2026, 2, 27, 10))).toISOString()).toBe('2026-03-26T22:00:00.000Z');
    expect(new Date(nextDayStart(Date.UTC(2026, 2, 27, 10))).toISOString()).toBe('2026-03-27T21:00:00.000Z');
    expect(nextDayStart(Date.UTC(2026, 0, 15, 12)) - dayStart(Date.UTC(2026, 0, 15, 12))).toBe(DAY_MS);
  });

  it('answer for the instant asked, going back and forth across midnights and clock changes', () => {
    const HOUR = 60 * 60 * 1000;
    const israelDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' });
    const israelDate = (ms: number) => israelDay.format(ms);
    // Every hour of a year, visited out of order, so the remembered day is often the wrong one.
    const year = Date.UTC(2026, 0, 1);
    for (let step = 0; step < 366 * 24; step += 1) {
      const ms = year + ((step * 7919) % (366 * 24)) * HOUR + 59 * 60 * 1000;
      const start = dayStart(ms);
      const end = nextDayStart(ms);
      expect(start).toBeLessThanOrEqual(ms);
      expect(end).toBeGreaterThan(ms);
      expect(israelDate(start)).toBe(israelDate(ms));
      expect(israelDate(start - 1)).not.toBe(israelDate(ms));
      expect(israelDate(end - 1)).toBe(israelDate(ms));
      expect(israelDate(end)).not.toBe(israelDate(ms));
    }
  });
});

describe('which send errors may be retried', () => {
  it('retries refusals and failed connections, never a connection lost while the data went out', async () => {
    const { failedBeforeDelivery } = await import('./mail-queue');
    expect(
      failedBeforeDelivery(Object.assign(new Error('550'), { responseCode: 550, command: 'DATA' })),
    ).toBe(true);
    expect(
      failedBeforeDelivery(Object.assign(new Error('refused'), { code: 'ECONNREFUSED', command: 'CONN' })),
    ).toBe(true);
    expect(failedBeforeDelivery(Object.assign(new Error('no'), { command: 'RCPT TO' }))).toBe(true);
    expect(
      failedBeforeDelivery(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT', command: 'DATA' })),
    ).toBe(false);
    expect(failedBeforeDelivery(new Error('socket closed'))).toBe(false);
  });
});
