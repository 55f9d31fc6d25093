import { useStore } from 'zustand';
import { browserStorage, readStoredAccount } from './session-storage.ts';
import { createSessionStore, type SessionState } from './session-store.ts';
import { createSettingsStore, type SettingsState } from './settings-store.ts';
import { createToastStore, type ToastState } from './toast-store.ts';

/** The app's stores, one instance per page load. */
export const stores = {
  settings: createSettingsStore(),
  toasts: createToastStore(),
  /** Starts as the account remembered from the last visit (public key only; a PIN-stored key waits for its PIN). */
  session: createSessionStore(__APP_VERSION__, readStoredAccount(browserStorage)),
};

/** The app's stores as a type (what dev mode exposes on `window.tide`). */
export type AppStores = typeof stores;

/** Reads from the settings store inside React. */
export function useSettings<T>(select: (state: SettingsState) => T): T {
  return useStore(stores.settings, select);
}

/** Reads from the toast store inside React. */
export function useToasts<T>(select: (state: ToastState) => T): T {
  return useStore(stores.toasts, select);
}

/** Reads from the session store inside React. */
export function useSession<T>(select: (state: SessionState) => T): T {
  return useStore(stores.session, select);
}
