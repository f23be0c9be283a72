import { Link } from 'react-router';

/** The bottom bar's search button. */
export function SearchButton({ className }: { className?: string }) {
  return (
    <Link className={className} to="/search/" aria-label="חיפוש">
      <span aria-hidden="true">🔍</span>
      <span>חיפוש</span>
    </Link>
  );
}
