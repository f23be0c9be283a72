import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../../components/app-link';
import { useForums } from '../../session/get-forums';
import { SearchButton } from '../../features/search/search-button';
import { he } from '../../i18n/he';
import { ForumIcon } from '../../components/forum-icon';

/** Which ends of a scrolling row have more beyond them (right to left: scrollLeft runs negative). */
function hiddenEnds(list: HTMLElement): { start: boolean; end: boolean } {
  const scrolled = Math.abs(list.scrollLeft);
  return { start: scrolled > 1, end: scrolled + list.clientWidth < list.scrollWidth - 1 };
}

/** Whether the page shown is `to` or below it (React Router's NavLink rule, case aside). */
function isAt(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  return path === to || path.startsWith(`${to}/`);
}

/**
 * Every forum with its icon and name, and the search button (docs/product.md §1). When the forums do
 * not fit (a phone), the row scrolls, and an edge with more beyond it fades out, so a name cut at
 * the edge reads as "there is more" rather than as a broken word.
 */
export function BottomBar() {
  const { data: forums } = useForums();
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  useEffect(() => {
    const list = listRef.current;
    if (!list || !forums) return;
    const update = () =>
      setMore((previous) => {
        const next = hiddenEnds(list);
        return next.start === previous.start && next.end === previous.end ? previous : next;
      });
    update();
    list.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(list);
    return () => {
      list.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [forums]);

  return (
    <nav className="bottom-bar" aria-label={he.forumsNav}>
      <ul
        ref={listRef}
        className="bottom-bar__list"
        aria-label={he.forums}
        data-more-start={more.start || undefined}
        data-more-end={more.end || undefined}
      >
        {forums?.map((forum) => {
          const to = `/forum/${forum.id}`;
          const current = isAt(pathname, to);
          return (
            <li key={forum.id}>
              <AppLink
                to={to}
                className={current ? 'bottom-bar__item active' : 'bottom-bar__item'}
                aria-current={current ? 'page' : undefined}
              >
                <ForumIcon icon={forum.icon} size={24} className="bottom-bar__icon" />
                <span className="bottom-bar__name">{forum.name}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
      <div className="bottom-bar__search">
        <SearchButton className="bottom-bar__item bottom-bar__item--search" />
      </div>
    </nav>
  );
}
