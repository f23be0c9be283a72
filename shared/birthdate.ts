import { LIMITS } from './limits';
import { VALIDATION_MESSAGES } from './validation-messages';

/** A calendar date with no time zone: the birthdate form model of docs/product.md §3. Month is 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Years the birthdate picker and the parser accept (docs/product.md §5, §9). */
export const BIRTHDATE_YEAR_MIN = 1000;
export const BIRTHDATE_YEAR_MAX = 9999;

/** The month the picker opens on when nothing is chosen yet: January 1995 (docs/product.md §9). */
export const BIRTHDATE_DEFAULT_MONTH: CalendarDate = { year: 1995, month: 1, day: 1 };

const FORMAT = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `dd/mm/yyyy` to a real date, or null for a bad format or a day that does not exist (29/02/2001). */
export function parseBirthdate(text: string): CalendarDate | null {
  const match = FORMAT.exec(text.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (year < BIRTHDATE_YEAR_MIN || year > BIRTHDATE_YEAR_MAX) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function formatBirthdate(date: CalendarDate): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.day, 2)}/${pad(date.month, 2)}/${pad(date.year, 4)}`;
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * The latest birthdate allowed on `today`: the same day 13 years earlier (docs/product.md §9 minimum age).
 * Someone born on 29 February turns 13 on 28 February of a common year.
 */
export function latestBirthdate(today: CalendarDate): CalendarDate {
  const year = today.year - LIMITS.minimumAgeYears;
  return { year, month: today.month, day: Math.min(today.day, daysInMonth(year, today.month)) };
}

export function isBirthdateAllowed(date: CalendarDate, today: CalendarDate): boolean {
  return compareDates(date, latestBirthdate(today)) <= 0;
}

/** The Hebrew message for a typed or chosen birthdate, or null when it is acceptable. */
export function birthdateError(text: string, today: CalendarDate): string | null {
  if (text.trim() === '') return VALIDATION_MESSAGES.birthdateRequired;
  const date = parseBirthdate(text);
  if (!date) return VALIDATION_MESSAGES.birthdateFormat;
  return isBirthdateAllowed(date, today) ? null : VALIDATION_MESSAGES.birthdateTooYoung;
}

/** A JavaScript date's calendar day in its local time zone (the picker works in local time). */
export function calendarDateOf(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** The local-time JavaScript date of a calendar day; years below 100 are kept as written. */
export function localDateOf(date: CalendarDate): Date {
  const result = new Date(2000, date.month - 1, date.day);
  result.setFullYear(date.year);
  return result;
}
