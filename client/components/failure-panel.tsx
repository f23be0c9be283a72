import { he } from '../i18n/he';

/** The page-level failure panel of docs/product.md §8, with a retry. */
export function FailurePanel({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="failure-panel" role="alert">
      <span className="failure-panel__icon" aria-hidden="true">
        ⚠
      </span>
      <p className="failure-panel__title">{he.failureTitle}</p>
      <p className="failure-panel__text">{he.failureText}</p>
      {onRetry ? (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {he.retry}
        </button>
      ) : null}
    </div>
  );
}
