import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useNavigate } from 'react-router';
import { AppNavigationProvider } from '../components/app-link';
import { AuthBootstrap } from './auth-bootstrap';
import { AppRoutes } from './routes';
import { RouteEffects } from './route-effects';

/** The router's navigate for the app's links (components/app-link.tsx). */
function AppNavigation({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  return <AppNavigationProvider navigate={navigate}>{children}</AppNavigationProvider>;
}

/** What every page holds inside the router: the session's start-up, navigation effects, the routes. */
export function AppContent() {
  return (
    <AppNavigation>
      <AuthBootstrap />
      <RouteEffects />
      <AppRoutes />
    </AppNavigation>
  );
}

/** The providers and the browser's router around every page (the server renders with its own router). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
