import { useParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { SearchForm } from '../../features/search/search-form';
import { SearchResults } from '../../features/search/search-results';
import { HE } from '../../i18n/he-accounts';
import { useTitle } from '../../lib/head';

/** /search/{query} (spec §2): breadcrumbs with the query, and its results; without one, the field. */
export function SearchPage() {
  const { query = '' } = useParams();
  const trimmed = query.trim();
  useTitle(trimmed ? HE.search.title(trimmed) : HE.search.label);
  return (
    <div className="search-page">
      <Breadcrumbs trail={[{ label: trimmed ? HE.search.breadcrumb(trimmed) : HE.search.label }]} />
      <div className="search-page-form">
        <SearchForm key={trimmed} initial={trimmed} />
      </div>
      {trimmed ? <SearchResults key={trimmed} query={trimmed} /> : null}
    </div>
  );
}
