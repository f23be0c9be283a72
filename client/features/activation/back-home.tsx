import { AppLink } from '../../components/app-link';
import { he } from '../../i18n/he';

/** The way out of a link's result page. */
export function BackHome() {
  return (
    <AppLink className="button button--ghost" to="/">
      {he.backHome}
    </AppLink>
  );
}
