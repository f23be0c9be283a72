import type { ReactNode } from 'react';
import { he } from '../../i18n/he';
import './forms.css';

/**
 * A failure or result line under a form. When `onReset` is given the message is a button: clicking
 * it puts the section back to NotStarted and shows the form again (docs/product.md §4, §8).
 */
export function StatusMessage({
  tone,
  children,
  onReset,
  live = true,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  onReset?: () => void;
  /** False when a `LiveStatus` beside it already announces the text. */
  live?: boolean;
}) {
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  if (onReset) {
    return (
      <button type="button" className={`status-message status-${tone} status-clickable`} onClick={onReset}>
        <span role={role}>{children}</span>
        <span className="status-retry">{he.common.clickToRetry}</span>
      </button>
    );
  }
  return (
    <p className={`status-message status-${tone}`} role={role}>
      {children}
    </p>
  );
}

/**
 * A polite live region that stays in the page while what it shows changes, so a screen reader
 * announces each load status (loading, done, failed with its message): a region inserted together
 * with its text is often not read at all. Empty, it takes no room.
 */
export function LiveStatus({ children }: { children: ReactNode }) {
  return (
    <div className="live-status" role="status" aria-live="polite" aria-atomic="true">
      {children}
    </div>
  );
}

export function Spinner({ label, live = true }: { label: string; live?: boolean }) {
  return (
    <p className="spinner-line" role={live ? 'status' : undefined}>
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </p>
  );
}

export function FieldError({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  );
}
