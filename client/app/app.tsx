import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { AuthBootstrap } from './auth-bootstrap';
import { AppRoutes } from './routes';
import { RouteEffects } from './route-effects';

/** The providers and the router around every page. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthBootstrap />
        <RouteEffects />
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
