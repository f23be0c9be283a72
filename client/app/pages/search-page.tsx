import { useParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { SearchForm } from '../../features/search/search-form';
import { SearchResults } from '../../features/search/search-results';
import { he } from '../../i18n/he';
import { useTitle } from '../../session/head';

/** /search/{query} (docs/product.md §2): breadcrumbs with the query, and its results; without one, the field. */
export function SearchPage() {
  const { query = '' } = useParams();
  const trimmed = query.trim();
  useTitle(trimmed ? he.searchBox.title(trimmed) : he.searchBox.label);
  return (
    <div className="search-page">
      <Breadcrumbs trail={[{ label: trimmed ? he.searchBox.breadcrumb(trimmed) : he.searchBox.label }]} />
      <div className="search-page-form">
        <SearchForm key={trimmed} initial={trimmed} />
      </div>
      {trimmed ? <SearchResults key={trimmed} query={trimmed} /> : null}
    </div>
  );
}
