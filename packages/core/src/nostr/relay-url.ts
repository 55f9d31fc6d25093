/** The message for a relay or caching-service URL that is not a websocket address (spec §5). */
export const INVALID_URL_MESSAGE = 'Invalid url';

/** An URL that is not a websocket address. */
export class InvalidUrlError extends Error {
  constructor() {
    super(INVALID_URL_MESSAGE);
    this.name = 'InvalidUrlError';
  }
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Normalises a relay URL (spec §5): a missing scheme becomes wss://, scheme and host are lower-cased, default
 * ports (80 for ws, 443 for wss), duplicate and trailing slashes and the fragment are dropped. Throws
 * InvalidUrlError ('Invalid url') for anything that is not ws:// or wss://.
 */
export function normalizeRelayUrl(input: string): string {
  if (typeof input !== 'string') throw new InvalidUrlError();
  let raw = input.trim();
  if (raw === '') throw new InvalidUrlError();
  if (!SCHEME.test(raw)) raw = `wss://${raw.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidUrlError();
  }
  if ((url.protocol !== 'wss:' && url.protocol !== 'ws:') || url.hostname === '') throw new InvalidUrlError();
  const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  const auth = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  return `${url.protocol}//${auth}${url.host}${path}${url.search}`;
}

/** True when the input normalises to a websocket URL. */
export function isValidRelayUrl(input: string): boolean {
  try {
    normalizeRelayUrl(input);
    return true;
  } catch {
    return false;
  }
}

/** Normalises many relay URLs, dropping invalid ones and duplicates (first occurrence wins). */
export function normalizeRelayUrls(inputs: readonly string[]): string[] {
  const out: string[] = [];
  for (const input of inputs) {
    try {
      const url = normalizeRelayUrl(input);
      if (!out.includes(url)) out.push(url);
    } catch {
      // invalid entries are skipped
    }
  }
  return out;
}
