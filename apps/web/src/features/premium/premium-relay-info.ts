import { normalizeRelayUrl } from '@tide/core/nostr';
import { resolveCacheUrl } from '../../data/cache-url.ts';
import { readStorage, STORAGE_KEYS } from '../../state/storage.ts';

/** The premium relay of a caching service: its origin with the path `/premium` (`ws://host/v1` → `ws://host/premium`). */
export function premiumRelayUrl(cacheUrl: string): string | null {
  try {
    const url = new URL(cacheUrl.trim());
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return null;
    return normalizeRelayUrl(`${url.protocol}//${url.host}/premium`);
  } catch {
    return null;
  }
}

/** The premium relay of this page's caching service. */
export function appPremiumRelay(): string | null {
  const location = globalThis.location ?? { protocol: 'http:', host: '127.0.0.1' };
  return premiumRelayUrl(resolveCacheUrl(readStorage(STORAGE_KEYS.cacheServer), location));
}

/** What a relay says of itself (NIP-11), the fields the relay page shows. */
export interface RelayInfo {
  name?: string;
  description?: string;
  software?: string;
  version?: string;
  /** The operator's key (hex), when the relay names one. */
  pubkey?: string;
  /** True when only some accounts may write (members, for the premium relay). */
  restrictedWrites?: boolean;
}

/** Reads a NIP-11 document: only string fields kept (nothing of it is rendered as HTML). */
export function parseRelayInfo(doc: unknown): RelayInfo {
  if (typeof doc !== 'object' || doc === null) return {};
  const d = doc as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const out: RelayInfo = {};
  for (const key of ['name', 'description', 'software', 'version'] as const) {
    const v = text(d[key]);
    if (v) out[key] = v;
  }
  const pubkey = text(d.pubkey);
  if (pubkey && /^[0-9a-f]{64}$/.test(pubkey)) out.pubkey = pubkey;
  const limitation = d.limitation as Record<string, unknown> | undefined;
  if (typeof limitation?.restricted_writes === 'boolean') out.restrictedWrites = limitation.restricted_writes;
  return out;
}

/** Fetches a relay's NIP-11 document over HTTP(S) (`Accept: application/nostr+json`). */
export async function fetchRelayInfo(relayUrl: string, signal?: AbortSignal): Promise<RelayInfo> {
  const http = relayUrl.replace(/^ws(s?):\/\//, 'http$1://');
  const res = await fetch(http, { headers: { Accept: 'application/nostr+json' }, signal });
  if (!res.ok) throw new Error(`relay info ${res.status}`);
  return parseRelayInfo(await res.json());
}
