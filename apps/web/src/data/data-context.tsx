import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { stores } from '../state/stores.ts';
import { watchDomActivity } from './app-activity.ts';
import type { AppData } from './app-data.ts';
import { loadGuestSettings } from './guest-settings.ts';

const DataContext = createContext<AppData | null>(null);

/** Provides the data layer (cache client, query cache, activity) and, for guests, loads the default settings. */
export function DataProvider({ data, children }: { data: AppData; children: ReactNode }) {
  useEffect(() => watchDomActivity(data.activity), [data]);
  useEffect(() => {
    if (stores.session.getState().publicKey) return;
    void loadGuestSettings(data.client, stores.settings);
  }, [data]);
  return (
    <DataContext.Provider value={data}>
      <QueryClientProvider client={data.queryClient}>{children}</QueryClientProvider>
    </DataContext.Provider>
  );
}

/** The app's data layer; throws outside a {@link DataProvider}. */
export function useAppData(): AppData {
  const data = useContext(DataContext);
  if (!data) throw new Error('useAppData needs a DataProvider');
  return data;
}
