import { Outlet } from 'react-router';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';
import { he } from '../../i18n/he';
import { Announcer } from '../../components/announcer';

/** The frame of every page: header, the page, footer, and the forums bar fixed at the bottom. */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#content">
        {he.skipToContent}
      </a>
      <Header />
      <main id="content" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <BottomBar />
      <Announcer />
    </>
  );
}
