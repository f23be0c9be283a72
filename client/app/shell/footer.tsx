import { useEffect, useState } from 'react';
import { AppLink } from '../../components/app-link';
import { useForums } from '../../session/get-forums';
import { siteNameOf, useSite } from '../../session/get-site';
import { he } from '../../i18n/he';
import { FIRST_YEAR, LICENCE_URL } from '../../lib/site';

// The build year until the browser says otherwise: a server render and hydration agree on it.
const BUILD_YEAR = new Date(import.meta.env.VITE_BUILD_TIME ?? Date.now()).getFullYear();

/** Forums, social page and archive (site settings, shown when set), terms, the CC BY-SA 3.0 notice and © 2001 to this year (docs/product.md §1). */
export function Footer() {
  const { data: forums } = useForums();
  const site = useSite();
  const siteName = siteNameOf(site);
  const [year, setYear] = useState(BUILD_YEAR);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-forums">
          <h2 id="footer-forums" className="site-footer__heading">
            {he.footerForums}
          </h2>
          <ul className="site-footer__forums">
            {forums?.map((forum) => (
              <li key={forum.id}>
                <AppLink to={`/forum/${forum.id}`}>{forum.name}</AppLink>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-more">
          <h2 id="footer-more" className="site-footer__heading">
            {he.footerMore}
          </h2>
          <ul className="site-footer__links">
            {site?.socialUrl ? (
              <li>
                <a href={site.socialUrl} target="_blank" rel="noopener noreferrer">
                  {he.socialPage}
                </a>
              </li>
            ) : null}
            <li>
              <AppLink to="/policy">{he.terms}</AppLink>
            </li>
            {site?.archiveUrl ? (
              <li>
                <a href={site.archiveUrl} target="_blank" rel="noopener noreferrer">
                  {he.archive}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      </div>
      <div className="site-footer__legal">
        <p>
          {he.licence}{' '}
          <a href={LICENCE_URL} rel="license noopener noreferrer" target="_blank">
            {he.licenceName} <span className="no-wrap">{he.licenceCode}</span>
          </a>
        </p>
        <p>
          ©{' '}
          <span dir="ltr">
            {FIRST_YEAR}–{year}
          </span>{' '}
          {siteName}
        </p>
      </div>
    </footer>
  );
}
