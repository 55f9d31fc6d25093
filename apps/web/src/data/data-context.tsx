import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useOptionalT } from '../i18n/intl.tsx';
import { session } from '../state/session.ts';
import { stores } from '../state/stores.ts';
import { followAccountSettings } from './account-settings.ts';
import { watchDomActivity } from './app-activity.ts';
import type { AppData } from './app-data.ts';
import { followMembershipTier } from './membership-tier.ts';

const DataContext = createContext<AppData | null>(null);

/** Provides the data layer (cache client, query cache, activity) and keeps the settings on the account's source. */
export function DataProvider({ data, children }: { data: AppData; children: ReactNode }) {
  useEffect(() => watchDomActivity(data.activity), [data]);
  // The signed-in user's membership tier, looked up at sign-in without signing (spec §4).
  useEffect(() => followMembershipTier(data.client, stores.session), [data]);
  // Optional here: some tests render the data layer without the intl provider.
  const t = useOptionalT();
  useEffect(
    () =>
      followAccountSettings({
        client: data.client,
        session: stores.session,
        settings: stores.settings,
        signer: () => session.signer,
        onUserSettingsFailed: () => {
          const message = t?.('settings.loadFailed');
          if (message) stores.toasts.getState().show({ kind: 'error', message });
        },
        onSaveFailed: () => {
          const message = t?.('settings.saveFailed');
          if (message) stores.toasts.getState().show({ kind: 'error', message });
        },
      }),
    [data, t],
  );
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
