import { describe, expect, it } from 'vitest';
import {
  birthdateError,
  calendarDateOf,
  formatBirthdate,
  isBirthdateAllowed,
  latestBirthdate,
  localDateOf,
  parseBirthdate,
} from './birthdate';
import { VALIDATION_MESSAGES } from './validation-messages';

const today = { year: 2026, month: 11, day: 21 };

describe('parseBirthdate', () => {
  it('reads dd/mm/yyyy', () => {
    expect(parseBirthdate('05/01/1995')).toEqual({ year: 1995, month: 1, day: 5 });
  });
  it.each(['5/1/1995', '05-01-1995', '1995/01/05', '05/01/95', '', '32/01/1995', '00/01/1995', '10/13/1995'])(
    'refuses %j',
    (text) => {
      expect(parseBirthdate(text)).toBeNull();
    },
  );
  it('knows leap years', () => {
    expect(parseBirthdate('29/02/2000')).not.toBeNull();
    expect(parseBirthdate('29/02/2004')).not.toBeNull();
    expect(parseBirthdate('29/02/1900')).toBeNull();
    expect(parseBirthdate('29/02/2001')).toBeNull();
    expect(parseBirthdate('31/04/2001')).toBeNull();
  });
  it('keeps years between 1000 and 9999', () => {
    expect(parseBirthdate('01/01/0999')).toBeNull();
    expect(parseBirthdate('01/01/1000')).toEqual({ year: 1000, month: 1, day: 1 });
  });
});

describe('the minimum age', () => {
  it('allows the day 13 years ago and not the day after', () => {
    expect(latestBirthdate(today)).toEqual({ year: 2013, month: 11, day: 21 });
    expect(isBirthdateAllowed({ year: 2013, month: 11, day: 21 }, today)).toBe(true);
    expect(isBirthdateAllowed({ year: 2013, month: 11, day: 22 }, today)).toBe(false);
  });
  it('moves 29 February to the 28th in a common year', () => {
    expect(latestBirthdate({ year: 2028, month: 2, day: 29 })).toEqual({ year: 2015, month: 2, day: 28 });
  });
});

describe('birthdateError', () => {
  it('gives the message of each rule', () => {
    expect(birthdateError('', today)).toBe(VALIDATION_MESSAGES.birthdateRequired);
    expect(birthdateError('30/02/1990', today)).toBe(VALIDATION_MESSAGES.birthdateFormat);
    expect(birthdateError('01/01/2020', today)).toBe(VALIDATION_MESSAGES.birthdateTooYoung);
    expect(birthdateError('01/01/1995', today)).toBeNull();
  });
});

describe('formatting and local dates', () => {
  it('round-trips', () => {
    const date = { year: 1000, month: 3, day: 9 };
    expect(formatBirthdate(date)).toBe('09/03/1000');
    expect(calendarDateOf(localDateOf(date))).toEqual(date);
  });
});
