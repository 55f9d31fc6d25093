import { readStorage, STORAGE_KEYS } from '../state/storage.ts';
import { stores } from '../state/stores.ts';
import { type AppData, createAppData } from './app-data.ts';
import { resolveCacheUrl } from './cache-url.ts';

let instance: AppData | null = null;

/** The page's one data layer, created on first use from localStorage (cacheServer, noBinary) and the page address. */
export function getAppData(): AppData {
  if (instance) return instance;
  const location = globalThis.location ?? { protocol: 'http:', host: '127.0.0.1' };
  instance = createAppData({
    url: resolveCacheUrl(readStorage(STORAGE_KEYS.cacheServer), location),
    appId: stores.session.getState().appId,
    session: stores.session,
    noBinary: readStorage(STORAGE_KEYS.noBinary) === 'true',
    devMode: readStorage(STORAGE_KEYS.devMode) === 'true',
  });
  return instance;
}
