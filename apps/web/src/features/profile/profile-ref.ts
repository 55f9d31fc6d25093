import { toHexPubkey, tryDecodeNip19 } from '@tide/core/nostr';

/** Fetches a URL as JSON-capable response; injectable for tests. */
export type JsonFetch = (url: string) => Promise<{ ok: boolean; json: () => Promise<unknown> }>;

/** A profile route key read as a hex public key: hex, npub or nprofile (optionally `nostr:`-prefixed); else null. */
export function profileKeyOf(value: string): string | null {
  const text = value.trim();
  const direct = toHexPubkey(text.toLowerCase());
  if (direct) return direct;
  const decoded = tryDecodeNip19(text);
  if (decoded?.type === 'npub') return decoded.data;
  if (decoded?.type === 'nprofile') return decoded.data.pubkey;
  return null;
}

const VANITY_NAME = /^[a-z0-9-_.]+$/i;

/**
 * Resolves a verified name (`/:vanityName`) to a public key through this origin's
 * `/.well-known/nostr.json?name=` (NIP-05); null when the name is not hosted or the answer is malformed.
 */
export async function resolveVanityName(
  name: string,
  fetcher: JsonFetch = (url) => fetch(url),
  origin = '',
): Promise<string | null> {
  if (!VANITY_NAME.test(name)) return null;
  const lower = name.toLowerCase();
  try {
    const res = await fetcher(`${origin}/.well-known/nostr.json?name=${encodeURIComponent(lower)}`);
    if (!res.ok) return null;
    const body = (await res.json()) as { names?: Record<string, unknown> } | null;
    const names = body?.names ?? {};
    const key = names[lower] ?? names[name];
    return typeof key === 'string' && /^[0-9a-f]{64}$/.test(key) ? key : null;
  } catch {
    return null;
  }
}
