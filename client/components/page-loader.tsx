import { he } from '../i18n/he';

/** A spinner for a section or a page being fetched. */
export function PageLoader({ label = he.loading, compact = false }: { label?: string; compact?: boolean }) {
  return (
    <div className={compact ? 'loader loader--compact' : 'loader'} role="status">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
