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
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  onReset?: () => void;
}) {
  if (onReset) {
    return (
      <button type="button" className={`status-message status-${tone} status-clickable`} onClick={onReset}>
        <span role={tone === 'error' ? 'alert' : 'status'}>{children}</span>
        <span className="status-retry">{he.common.clickToRetry}</span>
      </button>
    );
  }
  return (
    <p className={`status-message status-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <p className="spinner-line" role="status">
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
