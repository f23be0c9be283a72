import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../shared/limits';
import { he } from '../../i18n/he';
import { trackEvent } from '../../lib/analytics';
import { openHeaderPanel } from '../../session/header-panel';
import { can } from '../../../shared/policies';
import { useActor } from '../../session/auth-store';
import { fieldError } from '../../lib/field-error';
import { FormField } from '../../components/form/form-field';
import { textDirection } from '../../lib/text-direction';
import '../../components/form/forms.css';
import './search.css';

/**
 * The search field: at least 3 characters (docs/product.md §5), then `/search/{query}`. A guest gets the login
 * panel with the spec's message and the `guest_search` event instead.
 */
export function SearchForm({
  initial = '',
  onDone,
  autoFocus = false,
}: {
  initial?: string;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const actor = useActor();
  const navigate = useNavigate();
  const [query, setQuery] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!can.search(actor)) {
      trackEvent('guest_search');
      openHeaderPanel('Login', he.guards.searchRequiresLogin);
      onDone?.();
      return;
    }
    // The shared rule (and zod with it) loads on the first search, not with every page (issue 10's budget).
    const { searchQuery } = await import('../../../shared/schemas/search');
    const problem = fieldError(searchQuery, query);
    setError(problem);
    if (problem) return;
    trackEvent('search');
    navigate(`/search/${encodeURIComponent(query.trim())}`);
    onDone?.();
  };

  return (
    <search>
      <form noValidate onSubmit={handleSubmit}>
        <FormField
          label={he.searchBox.label}
          labelClassName="visually-hidden"
          error={error}
          className="search-form"
        >
          {(control) => (
            <div className="search-form-row">
              <input
                {...control}
                type="search"
                dir={textDirection(query)}
                maxLength={LIMITS.searchQueryMaxLength}
                placeholder={he.searchBox.placeholder}
                value={query}
                // biome-ignore lint/a11y/noAutofocus: the field opens because the visitor asked to search
                autoFocus={autoFocus}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setError(null);
                }}
              />
              <button type="submit" className="button button--primary">
                {he.searchBox.submit}
              </button>
            </div>
          )}
        </FormField>
      </form>
    </search>
  );
}
