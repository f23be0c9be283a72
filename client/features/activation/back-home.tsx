import { Link } from 'react-router';
import { he } from '../../i18n/he';

/** The way out of a link's result page. */
export function BackHome() {
  return (
    <Link className="button button--ghost" to="/">
      {he.backHome}
    </Link>
  );
}
