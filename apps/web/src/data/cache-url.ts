import { defaultCacheServerUrl, isWebSocketUrl } from '../features/settings/sections/cache-server-url.ts';

/**
 * The caching-service address: `stored` (localStorage.cacheServer) when it is a valid ws:// or wss:// address,
 * else the page origin's `/v1` (wss on https pages).
 */
export function resolveCacheUrl(stored: string | null, location: { protocol: string; host: string }): string {
  if (stored && isWebSocketUrl(stored)) return stored.trim();
  return defaultCacheServerUrl(location);
}
