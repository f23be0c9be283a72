import { NavLink } from 'react-router';
import { useForums } from '../../session/get-forums';
import { SearchButton } from '../../features/search/search-button';
import { he } from '../../i18n/he';
import { ForumIcon } from '../../components/forum-icon';

/** Every forum with its icon and name, and the search button (docs/product.md §1). */
export function BottomBar() {
  const { data: forums } = useForums();
  return (
    <nav className="bottom-bar" aria-label={he.forumsNav}>
      <ul className="bottom-bar__list" aria-label={he.forums}>
        {forums?.map((forum) => (
          <li key={forum.id}>
            <NavLink to={`/forum/${forum.id}`} className="bottom-bar__item">
              <ForumIcon icon={forum.icon} size={24} className="bottom-bar__icon" />
              <span className="bottom-bar__name">{forum.name}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="bottom-bar__search">
        <SearchButton className="bottom-bar__item bottom-bar__item--search" />
      </div>
    </nav>
  );
}
