import { lazy, Suspense, useRef, useState } from 'react';
import { he } from '../../i18n/he';
import { trackEvent } from '../../lib/analytics';
import { openHeaderPanel } from '../../session/header-panel';
import { can } from '../../../shared/policies';
import { useActor } from '../../session/auth-store';
import { useClickOutside } from '../../lib/use-click-outside';
import './search.css';

// The form opens on a click: it stays out of every page's first download.
const SearchForm = lazy(() => import('./search-form').then((m) => ({ default: m.SearchForm })));

/** The bottom bar's search button: opens the search field; a guest gets the login panel (docs/product.md §2). */
export function SearchButton({ className }: { className?: string }) {
  const actor = useActor();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useClickOutside(ref, () => setOpen(false), open);

  const handleClick = () => {
    if (!can.search(actor)) {
      trackEvent('guest_search');
      openHeaderPanel('Login', he.guards.searchRequiresLogin);
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    setOpen((value) => !value);
  };

  return (
    <div className="search-button" ref={ref}>
      <button type="button" className={className} aria-expanded={open} onClick={handleClick}>
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span>{he.searchBox.label}</span>
      </button>
      {open ? (
        <div className="search-popover">
          <Suspense fallback={null}>
            <SearchForm autoFocus onDone={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
