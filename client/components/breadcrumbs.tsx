import { AppLink } from './app-link';
import { he } from '../i18n/he';
import { textDirection } from '../lib/text-direction';

interface Crumb {
  label: string;
  to?: string;
}

/** Home, then the given trail; the last crumb is the current page (docs/product.md §2). */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const crumbs: Crumb[] = [{ label: he.home, to: '/' }, ...trail];
  return (
    <nav className="breadcrumbs" aria-label={he.breadcrumbs}>
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.label}`}>
              {crumb.to && !last ? (
                <AppLink to={crumb.to} dir={textDirection(crumb.label)}>
                  {crumb.label}
                </AppLink>
              ) : (
                <span aria-current={last ? 'page' : undefined} dir={textDirection(crumb.label)}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
