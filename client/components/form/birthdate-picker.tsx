import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { he as dayPickerHebrew } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import {
  BIRTHDATE_DEFAULT_MONTH,
  BIRTHDATE_YEAR_MAX,
  BIRTHDATE_YEAR_MIN,
  birthdateError,
  type CalendarDate,
  calendarDateOf,
  formatBirthdate,
  latestBirthdate,
  localDateOf,
  parseBirthdate,
} from '../../../shared/birthdate';
import { heForms } from '../../i18n/he-forms';
import './forms.css';
import './birthdate-picker.css';
import { useClickOutside } from '../../lib/use-click-outside';

const YEARS_PER_PAGE = 25;
const MONTH_NAMES = [
  'ינואר',
  'פברואר',
  'מרץ',
  'אפריל',
  'מאי',
  'יוני',
  'יולי',
  'אוגוסט',
  'ספטמבר',
  'אוקטובר',
  'נובמבר',
  'דצמבר',
];

function firstYearOfPage(year: number): number {
  return BIRTHDATE_YEAR_MIN + Math.floor((year - BIRTHDATE_YEAR_MIN) / YEARS_PER_PAGE) * YEARS_PER_PAGE;
}

/**
 * The birthdate field of docs/product.md §5: a read-only `dd/mm/yyyy` input that opens a Hebrew calendar
 * (week from Sunday, opening on January 1995, days after today minus 13 years disabled) with a
 * 5×5 year view over 1000–9999, and a field for typing a date, checked for format, leap years and
 * the disabled days before it is taken.
 */
export function BirthdatePicker({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (formatted: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const today = useMemo(() => calendarDateOf(new Date()), []);
  const latest = latestBirthdate(today);
  const selected = parseBirthdate(value);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<'days' | 'years'>('days');
  const [month, setMonth] = useState<Date>(localDateOf(selected ?? BIRTHDATE_DEFAULT_MONTH));
  const [yearPage, setYearPage] = useState(firstYearOfPage(month.getFullYear()));
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const openedByPress = useRef(false);
  const typedId = useId();
  const popoverId = useId();

  const close = () => {
    setOpen(false);
    setView('days');
    onBlur?.();
  };
  useClickOutside(boxRef, close, open);

  // Opened inside a box that scrolls (the register panel), the calendar and its typed-date field
  // are scrolled into sight at once, clear of the page's fixed bars (the root's scroll padding).
  // A frame later: the press that opens it may first show the error line of the field it left.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => popoverRef.current?.scrollIntoView({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [open]);

  const choose = (date: CalendarDate) => {
    onChange(formatBirthdate(date));
    setMonth(localDateOf({ ...date, day: 1 }));
    setTyped('');
    setTypedError(null);
    close();
  };

  const handleOpen = () => {
    const start = selected ?? BIRTHDATE_DEFAULT_MONTH;
    setMonth(localDateOf({ ...start, day: 1 }));
    setYearPage(firstYearOfPage(start.year));
    setView('days');
    setOpen((previous) => !previous);
  };

  const handleTyped = () => {
    const error = birthdateError(typed, today);
    setTypedError(error);
    const date = parseBirthdate(typed);
    if (!error && date) choose(date);
  };

  const shownYear = month.getFullYear();
  const shownMonth = month.getMonth();
  const canGoBack = shownYear > BIRTHDATE_YEAR_MIN || shownMonth > 0;
  const canGoForward =
    shownYear < latest.year || (shownYear === latest.year && shownMonth < latest.month - 1);
  const moveMonth = (step: number) => {
    const next = new Date(month);
    next.setMonth(month.getMonth() + step);
    setMonth(next);
  };

  return (
    <div className="birthdate" ref={boxRef}>
      <input
        ref={inputRef}
        id={id}
        className="birthdate-input"
        type="text"
        readOnly
        role="combobox"
        dir="ltr"
        placeholder="dd/mm/yyyy"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        // A mouse opens it on press, not on click: the press moves focus out of the field before, whose
        // error line may then appear and push this field down before the button comes up, and that
        // click would be lost. Touch still opens on click, so a scroll gesture does not open it.
        onPointerDown={(event) => {
          openedByPress.current = event.pointerType === 'mouse' && event.button === 0;
          if (openedByPress.current) handleOpen();
        }}
        onClick={() => {
          if (openedByPress.current) openedByPress.current = false;
          else handleOpen();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
            event.preventDefault();
            handleOpen();
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            close();
          }
        }}
      />
      {open ? (
        <div
          id={popoverId}
          ref={popoverRef}
          className="birthdate-popover"
          role="dialog"
          aria-label={heForms.picker.open}
          onKeyDown={(event) => {
            // Escape closes the calendar only (not the panel around it) and goes back to the field.
            if (event.key !== 'Escape') return;
            event.preventDefault();
            close();
            inputRef.current?.focus();
          }}
        >
          <div className="birthdate-nav">
            {view === 'days' ? (
              <>
                <button
                  type="button"
                  className="icon-button"
                  aria-label="החודש הקודם"
                  disabled={!canGoBack}
                  onClick={() => moveMonth(-1)}
                >
                  ›
                </button>
                <button
                  type="button"
                  className="birthdate-caption"
                  aria-label={`${heForms.picker.chooseYear}: ${MONTH_NAMES[shownMonth]} ${shownYear}`}
                  onClick={() => {
                    setYearPage(firstYearOfPage(shownYear));
                    setView('years');
                  }}
                >
                  {MONTH_NAMES[shownMonth]} {shownYear}
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label="החודש הבא"
                  disabled={!canGoForward}
                  onClick={() => moveMonth(1)}
                >
                  ‹
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={heForms.picker.previousYears}
                  disabled={yearPage <= BIRTHDATE_YEAR_MIN}
                  onClick={() => setYearPage(yearPage - YEARS_PER_PAGE)}
                >
                  ›
                </button>
                <button type="button" className="birthdate-caption" onClick={() => setView('days')}>
                  {yearPage}–{Math.min(yearPage + YEARS_PER_PAGE - 1, BIRTHDATE_YEAR_MAX)}
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={heForms.picker.nextYears}
                  disabled={yearPage + YEARS_PER_PAGE > Math.min(latest.year, BIRTHDATE_YEAR_MAX)}
                  onClick={() => setYearPage(yearPage + YEARS_PER_PAGE)}
                >
                  ‹
                </button>
              </>
            )}
          </div>
          {view === 'days' ? (
            <DayPicker
              mode="single"
              locale={dayPickerHebrew}
              dir="rtl"
              weekStartsOn={0}
              hideNavigation
              month={month}
              onMonthChange={setMonth}
              startMonth={localDateOf({ year: BIRTHDATE_YEAR_MIN, month: 1, day: 1 })}
              endMonth={localDateOf({ ...latest, day: 1 })}
              disabled={{ after: localDateOf(latest) }}
              selected={selected ? localDateOf(selected) : undefined}
              onSelect={(date) => {
                if (date) choose(calendarDateOf(date));
              }}
              classNames={{ month_caption: 'birthdate-hidden-caption' }}
            />
          ) : (
            <fieldset className="birthdate-years">
              <legend className="visually-hidden">{heForms.picker.chooseYear}</legend>
              {Array.from({ length: 5 }, (_, row) => (
                <div key={row} className="birthdate-year-row">
                  {Array.from({ length: 5 }, (_, column) => {
                    const year = yearPage + row * 5 + column;
                    const disabled = year > latest.year || year > BIRTHDATE_YEAR_MAX;
                    return (
                      <button
                        type="button"
                        key={year}
                        className={year === shownYear ? 'birthdate-year is-current' : 'birthdate-year'}
                        disabled={disabled}
                        onClick={() => {
                          const next = new Date(month);
                          next.setFullYear(year);
                          if (year === latest.year && next.getMonth() > latest.month - 1)
                            next.setMonth(latest.month - 1);
                          setMonth(next);
                          setView('days');
                        }}
                      >
                        {year}
                      </button>
                    );
                  })}
                </div>
              ))}
            </fieldset>
          )}
          <div className="birthdate-typed">
            <label htmlFor={typedId}>או הקלידו תאריך</label>
            <div className="birthdate-typed-row">
              <input
                id={typedId}
                type="text"
                dir="ltr"
                inputMode="numeric"
                placeholder="dd/mm/yyyy"
                maxLength={10}
                value={typed}
                aria-invalid={typedError ? true : undefined}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setTypedError(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    event.stopPropagation();
                    handleTyped();
                  }
                }}
              />
              <button type="button" className="button button--ghost" onClick={handleTyped}>
                אישור
              </button>
            </div>
            {typedError ? (
              <p className="field-error" role="alert">
                {typedError}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
