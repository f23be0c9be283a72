import { AppLink } from '../../components/app-link';
import { he } from '../../i18n/he';
import { useTitle } from '../../session/head';
import { useRedirectToNotFound } from '../../lib/not-found';
import './not-found-page.css';

/** "Not found"; at `/not-found` it also sends the browser on to `/page/not-found` (docs/product.md §2). */
export function NotFoundPage({ redirect = false }: { redirect?: boolean }) {
  useTitle(he.notFoundTitle);
  useRedirectToNotFound(redirect);
  return (
    <div className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{he.notFoundTitle}</h1>
      <p>{he.notFoundText}</p>
      <AppLink to="/" className="button button--primary">
        {he.backHome}
      </AppLink>
    </div>
  );
}
