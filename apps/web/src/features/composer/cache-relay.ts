import { resolveCacheUrl } from '../../data/cache-url.ts';
import { readStorage, STORAGE_KEYS } from '../../state/storage.ts';

/**
 * The caching service's own relay (its origin's `/`, where every event it holds can be read): the relay hint of
 * notes that came with none. Empty when the address cannot be worked out.
 */
export function cacheRelayUrl(
  stored: string | null = readStorage(STORAGE_KEYS.cacheServer),
  location: { protocol: string; host: string } = globalThis.location ?? { protocol: 'http:', host: '127.0.0.1' },
): string {
  try {
    const url = new URL(resolveCacheUrl(stored, location));
    return `${url.protocol}//${url.host}/`;
  } catch {
    return '';
  }
}
