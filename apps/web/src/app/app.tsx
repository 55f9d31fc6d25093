import { StrictMode, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import type { AppData } from '../data/app-data.ts';
import { getAppData } from '../data/app-data-instance.ts';
import { DataProvider } from '../data/data-context.tsx';
import { followProxySetting } from '../features/settings/sync/proxy-sync.ts';
import { AppIntlProvider } from '../i18n/intl.tsx';
import { AppRoutes } from './app-routes.tsx';

/** The whole app: providers (intl, data layer with the query cache, router) around the routes. */
export function App({ data = getAppData() }: { data?: AppData }) {
  useEffect(() => followProxySetting(), []);
  return (
    <StrictMode>
      <AppIntlProvider>
        <DataProvider data={data}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </DataProvider>
      </AppIntlProvider>
    </StrictMode>
  );
}
