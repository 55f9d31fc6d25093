import { normalizeRelayUrl } from '../nostr/index.ts';

/** A relay information document (NIP-11); only the commonly used fields are typed. */
export interface RelayInfo {
  name?: string;
  description?: string;
  pubkey?: string;
  contact?: string;
  supported_nips?: number[];
  software?: string;
  version?: string;
  icon?: string;
  limitation?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The HTTP address of a relay's information document: ws → http, wss → https. */
export function relayInfoUrl(relayUrl: string): string {
  return normalizeRelayUrl(relayUrl).replace(/^ws(s?):\/\//, 'http$1://');
}

/** Fetches a relay's NIP-11 document (`Accept: application/nostr+json`); rejects on HTTP errors or bad JSON. */
export async function fetchRelayInfo(relayUrl: string, init: { signal?: AbortSignal } = {}): Promise<RelayInfo> {
  const response = await fetch(relayInfoUrl(relayUrl), {
    headers: { Accept: 'application/nostr+json' },
    signal: init.signal,
  });
  if (!response.ok) throw new Error(`relay info: HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('relay info: not an object');
  return body as RelayInfo;
}
