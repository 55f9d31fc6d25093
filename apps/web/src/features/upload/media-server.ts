import { resolveCacheUrl } from '../../data/cache-url.ts';
import { readStorage, STORAGE_KEYS } from '../../state/storage.ts';

/**
 * The HTTP origin of the caching service's media store (Blossom): the caching service's address (localStorage
 * `cacheServer`, else this page's `/v1`) turned from ws(s) into http(s), without its path.
 */
export function mediaServerOrigin(
  stored: string | null = readStorage(STORAGE_KEYS.cacheServer),
  location: { protocol: string; host: string } = globalThis.location ?? { protocol: 'http:', host: '127.0.0.1' },
): string {
  const url = new URL(resolveCacheUrl(stored, location));
  return `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}`;
}
