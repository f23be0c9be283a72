import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Layout } from './shell/layout';
import { PageLoader } from '../components/page-loader';
import { useNoIndex } from '../session/head';
import { can } from '../../shared/policies';
import { RequireAdmin, RequireAuth } from './require-auth';

// Every route is its own chunk (docs/product.md §1 sizes): a reader of a topic downloads no search or profile code.
const HomePage = lazy(() => import('./pages/home-page').then((m) => ({ default: m.HomePage })));
const ForumPage = lazy(() => import('./pages/forum-page').then((m) => ({ default: m.ForumPage })));
const TopicPage = lazy(() => import('./pages/topic-page').then((m) => ({ default: m.TopicPage })));
const PolicyPage = lazy(() => import('./pages/policy-page').then((m) => ({ default: m.PolicyPage })));
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const EditProfilePage = lazy(() =>
  import('./pages/edit-profile-page').then((m) => ({ default: m.EditProfilePage })),
);
const SearchPage = lazy(() => import('./pages/search-page').then((m) => ({ default: m.SearchPage })));
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

const page = (element: React.ReactNode) => <Suspense fallback={<PageLoader />}>{element}</Suspense>;

/** Pages kept out of search engines while shown (docs/product.md §1): set here so no page can forget it. */
function NoIndex({ children }: { children: React.ReactNode }) {
  useNoIndex();
  return children;
}

/** The routes of docs/product.md §2, with their exact paths; anything else goes to not-found. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={page(<HomePage />)} />
        <Route path="forum/:forumId" element={page(<ForumPage />)} />
        <Route path="topic/:topicId" element={page(<TopicPage />)} />
        <Route
          path="edit-profile"
          element={
            <RequireAuth>
              <NoIndex>{page(<EditProfilePage />)}</NoIndex>
            </RequireAuth>
          }
        />
        <Route
          path="search/:query?"
          element={
            <RequireAuth>
              <NoIndex>{page(<SearchPage />)}</NoIndex>
            </RequireAuth>
          }
        />
        <Route
          path="message-reports"
          element={
            <RequireAuth>
              <NoIndex>{page(<MessageReportsPage />)}</NoIndex>
            </RequireAuth>
          }
        />
        <Route
          path="admin/forums"
          element={
            <RequireAdmin allowed={can.manageForums}>
              <NoIndex>{page(<AdminForumsPage />)}</NoIndex>
            </RequireAdmin>
          }
        />
        <Route
          path="admin/site"
          element={
            <RequireAdmin allowed={can.manageSite}>
              <NoIndex>{page(<AdminSitePage />)}</NoIndex>
            </RequireAdmin>
          }
        />
        <Route
          path="admin/members"
          element={
            <RequireAdmin allowed={can.manageMembers}>
              <NoIndex>{page(<MembersPage />)}</NoIndex>
            </RequireAdmin>
          }
        />
        <Route
          path="admin/members/:userId"
          element={
            <RequireAdmin allowed={can.manageMembers}>
              <NoIndex>{page(<MemberPage />)}</NoIndex>
            </RequireAdmin>
          }
        />
        <Route
          path="moderation-log"
          element={
            <RequireAuth>
              <NoIndex>{page(<ModerationLogPage />)}</NoIndex>
            </RequireAuth>
          }
        />
        <Route path="activate-user/:encrypted?" element={<NoIndex>{page(<ActivateUserPage />)}</NoIndex>} />
        <Route
          path="forgot-password/:encrypted?"
          element={<NoIndex>{page(<ForgotPasswordPage />)}</NoIndex>}
        />
        <Route path="policy" element={page(<PolicyPage />)} />
        <Route path="not-found" element={page(<NotFoundPage redirect />)} />
        <Route path="page/not-found" element={page(<NotFoundPage />)} />
        <Route path="*" element={<Navigate to="/not-found" replace />} />
      </Route>
    </Routes>
  );
}
