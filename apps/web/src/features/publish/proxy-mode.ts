import { createStore } from 'zustand/vanilla';
import { readStorage, writeStorage } from '../../state/storage.ts';

/** localStorage key of proxy mode (spec §3 settings: proxyThroughPrimal). */
export const PROXY_STORAGE_KEY = 'proxyThroughPrimal';

/** Proxy mode (spec §4): on, the caching service broadcasts and direct relay sockets are suspended. */
export interface ProxyModeState {
  proxy: boolean;
  setProxy: (on: boolean) => void;
}

/** The page's proxy-mode flag, remembered in localStorage; listeners suspend or reconnect relay sockets. */
export const proxyMode = createStore<ProxyModeState>()((set) => ({
  proxy: readStorage(PROXY_STORAGE_KEY) === 'true',
  setProxy: (on) => {
    writeStorage(PROXY_STORAGE_KEY, String(on));
    set({ proxy: on });
  },
}));
