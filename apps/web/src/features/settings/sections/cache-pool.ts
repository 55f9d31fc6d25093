import { readStorage, STORAGE_KEYS, writeStorage } from '../../../state/storage.ts';
import { isWebSocketUrl } from './cache-server-url.ts';

/** localStorage key of the caching-service pool (a JSON list of ws(s) addresses); the active one is `cacheServer`. */
export const CACHE_POOL_KEY = 'cacheServers';

/** The caching-service pool and the address in use. */
export interface CachePool {
  urls: string[];
  active: string;
}

/** Reads the pool: the stored list (valid addresses only) plus the active address (`cacheServer`, else `fallback`). */
export function readCachePool(fallback: string): CachePool {
  const storedActive = readStorage(STORAGE_KEYS.cacheServer);
  const active = storedActive && isWebSocketUrl(storedActive) ? storedActive : fallback;
  let urls: string[] = [];
  try {
    const parsed = JSON.parse(readStorage(CACHE_POOL_KEY) ?? '[]') as unknown;
    if (Array.isArray(parsed)) urls = parsed.filter((u): u is string => typeof u === 'string' && isWebSocketUrl(u));
  } catch {
    urls = [];
  }
  if (!urls.includes(active)) urls = [active, ...urls];
  return { urls, active };
}

/** Stores the pool and the active address (the data layer connects to it from the next page load). */
export function writeCachePool(pool: CachePool): void {
  writeStorage(CACHE_POOL_KEY, JSON.stringify(pool.urls));
  writeStorage(STORAGE_KEYS.cacheServer, pool.active);
}

/** Why a pool change is refused, or null: 'invalid' address, 'duplicate', or 'last' (one must stay). */
export type CachePoolProblem = 'invalid' | 'duplicate' | 'last' | null;

/** Adds `url` (trimmed) to the pool; refuses an invalid or duplicate address. */
export function addToPool(pool: CachePool, url: string): { pool: CachePool; problem: CachePoolProblem } {
  const clean = url.trim();
  if (!isWebSocketUrl(clean)) return { pool, problem: 'invalid' };
  if (pool.urls.includes(clean)) return { pool, problem: 'duplicate' };
  return { pool: { ...pool, urls: [...pool.urls, clean] }, problem: null };
}

/** Removes `url`; the last one is refused ('last'); removing the active one makes the first remaining active. */
export function removeFromPool(pool: CachePool, url: string): { pool: CachePool; problem: CachePoolProblem } {
  const urls = pool.urls.filter((u) => u !== url);
  if (urls.length === 0) return { pool, problem: 'last' };
  const active = pool.active === url ? (urls[0] as string) : pool.active;
  return { pool: { urls, active }, problem: null };
}
