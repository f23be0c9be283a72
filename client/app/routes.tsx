import { lazy, Suspense } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { Layout } from './shell/layout';
import { PageLoader } from '../components/page-loader';
import { useNoIndex } from '../session/head';
import { can } from '../../shared/policies';
import { RequireAdmin, RequireAuth } from './require-auth';
import { lazyPage, type Preloadable } from './lazy-page';

// Every route is its own chunk (docs/product.md §1 sizes): a reader of a topic downloads no search or profile code.
// The pages the server renders can be loaded before hydration (client/main.tsx).
const HomePage = lazyPage(() => import('./pages/home-page').then((m) => m.HomePage));
const ForumPage = lazyPage(() => import('./pages/forum-page').then((m) => m.ForumPage));
const TopicPage = lazyPage(() => import('./pages/topic-page').then((m) => m.TopicPage));
const PolicyPage = lazyPage(() => import('./pages/policy-page').then((m) => m.PolicyPage));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page').then((m) => m.NotFoundPage));
const EditProfilePage = lazy(() =>
  import('./pages/edit-profile-page').then((m) => ({ default: m.EditProfilePage })),
);
const SearchPage = lazy(() => import('./pages/search-page').then((m) => ({ default: m.SearchPage })));
const UnreadPage = lazy(() => import('./pages/unread-page').then((m) => ({ default: m.UnreadPage })));
const MessageReportsPage = lazy(() =>
  import('./pages/message-reports-page').then((m) => ({ default: m.MessageReportsPage })),
);
const ModerationLogPage = lazy(() =>
  import('./pages/moderation-log-page').then((m) => ({ default: m.ModerationLogPage })),
);
const ActivateUserPage = lazy(() =>
  import('./pages/activate-user-page').then((m) => ({ default: m.ActivateUserPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);

const AdminForumsPage = lazy(() =>
  import('./pages/admin-forums-page').then((m) => ({ default: m.AdminForumsPage })),
);
const AdminSitePage = lazy(() =>
  import('./pages/admin-site-page').then((m) => ({ default: m.AdminSitePage })),
);
const MembersPage = lazy(() => import('./pages/members-page').then((m) => ({ default: m.MembersPage })));
const MemberPage = lazy(() => import('./pages/member-page').then((m) => ({ default: m.MemberPage })));

/** The server-rendered pages by path (the routes below): the one a page shows hydrates with it. */
const RENDERED_PAGES: readonly { path: string; page: Preloadable }[] = [
  { path: '/', page: HomePage },
  { path: '/forum/:forumId', page: ForumPage },
  { path: '/topic/:topicId', page: TopicPage },
  { path: '/policy', page: PolicyPage },
  { path: '/not-found', page: NotFoundPage },
  { path: '/page/not-found', page: NotFoundPage },
];

/** Loads the chunk of the page the server rendered at this path, so hydration need not wait for it. */
export function loadRenderedPage(pathname: string): Promise<void> {
  const rendered = RENDERED_PAGES.find(({ path }) => matchPath(path, pathname));
  return rendered ? rendered.page.preload() : Promise.resolve();
}

const page = (element: React.ReactNode) => <Suspense fallback={<PageLoader />}>{element}</Suspense>;

/** Pages kept out of search engines while shown (docs/product.md §1): set here so no page can forget it. */
function NoIndex({ children }: { children: React.ReactNode }) {
  useNoIndex();
  return children;
}

/**
 * The routes of docs/product.md §2, with their exact paths; anything else goes to not-found. The pages
 * the server renders are matched first, on their own: React Router flattens and ranks the routes
 * it is given on every render, and with every route in one list that was 175 µs of each server
 * render in a micro-benchmark (17 routes, three with an optional segment). The rest are matched only when none of these
 * is (OtherPages).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={page(<HomePage />)} />
        <Route path="forum/:forumId" element={page(<ForumPage />)} />
        <Route path="topic/:topicId" element={page(<TopicPage />)} />
        <Route path="policy" element={page(<PolicyPage />)} />
        <Route path="not-found" element={page(<NotFoundPage redirect />)} />
        <Route path="page/not-found" element={page(<NotFoundPage />)} />
        <Route path="*" element={<OtherPages />} />
      </Route>
    </Routes>
  );
}

/** A personal page: for a logged-in user, kept out of search engines. */
const memberPage = (element: React.ReactNode) => (
  <RequireAuth>
    <NoIndex>{page(element)}</NoIndex>
  </RequireAuth>
);

/** An admin's page, for those the policy allows. */
const adminPage = (allowed: Parameters<typeof RequireAdmin>[0]['allowed'], element: React.ReactNode) => (
  <RequireAdmin allowed={allowed}>
    <NoIndex>{page(element)}</NoIndex>
  </RequireAdmin>
);

/** The pages the browser alone renders (personal pages, forms, links from mails), and not-found for any other path. */
function OtherPages() {
  return (
    <Routes>
      <Route path="edit-profile" element={memberPage(<EditProfilePage />)} />
      <Route path="search/:query?" element={memberPage(<SearchPage />)} />
      <Route path="unread" element={memberPage(<UnreadPage />)} />
      <Route path="message-reports" element={memberPage(<MessageReportsPage />)} />
      <Route path="admin/forums" element={adminPage(can.manageForums, <AdminForumsPage />)} />
      <Route path="admin/site" element={adminPage(can.manageSite, <AdminSitePage />)} />
      <Route path="admin/members" element={adminPage(can.manageMembers, <MembersPage />)} />
      <Route path="admin/members/:userId" element={adminPage(can.manageMembers, <MemberPage />)} />
      <Route path="moderation-log" element={memberPage(<ModerationLogPage />)} />
      <Route path="activate-user/:encrypted?" element={<NoIndex>{page(<ActivateUserPage />)}</NoIndex>} />
      <Route path="forgot-password/:encrypted?" element={<NoIndex>{page(<ForgotPasswordPage />)}</NoIndex>} />
      <Route path="*" element={<Navigate to="/not-found" replace />} />
    </Routes>
  );
}
