import type { ReactNode } from 'react';
import { he } from '../i18n/he';
import { type MoreSource, useRevealMore } from '../lib/use-reveal-more';
import { PageLoader } from './page-loader';

/**
 * A list shown 7 at a time, its "show more" link on the last shown item while more exist, and the
 * bottom loader while the next server page is on its way (docs/product.md §2).
 */
export function RevealMoreList<Item extends { id: number }>({
  items,
  source,
  label,
  moreLabel,
  className,
  listClassName,
  inserted = 0,
  children,
}: {
  items: readonly Item[];
  source: MoreSource;
  label: string;
  moreLabel: string;
  className: string;
  listClassName: string;
  /** Items put at the top after the list was shown (live updates): shown beyond the revealed count. */
  inserted?: number;
  children: (item: Item) => ReactNode;
}) {
  const { shown, canRevealMore, revealMore } = useRevealMore(items.length - inserted, source);
  const visible = items.slice(0, shown + inserted);
  const bottomLoading = source.isFetchingNextPage;
  return (
    <section className={className} aria-label={label}>
      <ul className={listClassName}>
        {visible.map((item, index) => (
          <li key={item.id}>
            {children(item)}
            {index === visible.length - 1 && canRevealMore && !bottomLoading ? (
              <button type="button" className="link-button load-more" onClick={revealMore}>
                {moreLabel}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {bottomLoading ? <PageLoader compact label={he.loading} /> : null}
    </section>
  );
}
