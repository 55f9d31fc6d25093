import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppIntlProvider } from '../i18n/intl.tsx';
import { AppRoutes } from './app-routes.tsx';

/** One query client per page load; screens fill it through core's cache client (issue 5). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, gcTime: 180_000, retry: 1 } } });
}

/** The whole app: providers (intl, query cache, router) around the routes. */
export function App({ queryClient = createQueryClient() }: { queryClient?: QueryClient }) {
  return (
    <StrictMode>
      <AppIntlProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AppIntlProvider>
    </StrictMode>
  );
}
