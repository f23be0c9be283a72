import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AuthBootstrap } from './auth-bootstrap';
import { AppRoutes } from './routes';
import { RouteEffects } from './route-effects';

/** What every page holds inside the router: the session's start-up, navigation effects, the routes. */
export function AppContent() {
  return (
    <>
      <AuthBootstrap />
      <RouteEffects />
      <AppRoutes />
    </>
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
