import { type CommandClient, fetchDefaultRelays, fetchUserRelays } from '@tide/core/cache';
import { useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../state/storage.ts';
import { useSession } from '../state/stores.ts';

// When the relay fallback applies and which relays it reads: small enough for the first screen. The reading itself
// (relay pool, loaders) is in relay-fallback.ts, loaded only when a fallback screen is needed.

/** The caching service counts as unreachable after this long without a connection (issue 5: "a few seconds"). */
export const FALLBACK_AFTER_MS = 4000;
/** localStorage key of relays the user chose for reading when the caching service is down (JSON list or words). */
export const FALLBACK_RELAYS_KEY = 'fallbackRelays';
/** localStorage key of the relays learnt from the caching service (the user's read relays, else the defaults). */
export const KNOWN_RELAYS_KEY = 'knownRelays';
/** At most this many relays are asked. */
export const MAX_FALLBACK_RELAYS = 8;

/** ws:// and wss:// URLs from a JSON list or a whitespace/comma separated string; anything else is dropped. */
export function parseRelayList(value: string | null): string[] {
  if (!value) return [];
  let items: unknown;
  try {
    items = JSON.parse(value);
  } catch {
    items = value.split(/[\s,]+/);
  }
  if (!Array.isArray(items)) return [];
  return items
    .filter((u): u is string => typeof u === 'string' && /^wss?:\/\/[^\s]+$/.test(u.trim()))
    .map((u) => u.trim());
}

/** Relays to read when the service is down: the user's chosen ones first, then the learnt ones; unique, at most 8. */
export function fallbackRelayUrls(): string[] {
  const all = [...parseRelayList(readStorage(FALLBACK_RELAYS_KEY)), ...parseRelayList(readStorage(KNOWN_RELAYS_KEY))];
  return [...new Set(all)].slice(0, MAX_FALLBACK_RELAYS);
}

/** Asks the caching service for the viewer's read relays (else the default relays) and remembers them. */
export async function rememberRelays(client: CommandClient, viewer: string | null): Promise<string[]> {
  let relays: string[] = [];
  if (viewer) {
    const flags = await fetchUserRelays(client, { pubkey: viewer });
    relays = Object.entries(flags)
      .filter(([, f]) => f.read)
      .map(([url]) => url);
  }
  if (!relays.length) relays = await fetchDefaultRelays(client);
  const valid = parseRelayList(JSON.stringify(relays));
  if (valid.length) writeStorage(KNOWN_RELAYS_KEY, JSON.stringify(valid));
  return valid;
}

/**
 * True once the caching service has not been connected for {@link FALLBACK_AFTER_MS} (a first connection attempt that fails
 * included; idle, before any request, does not count); false again as soon as it connects. Sleep (spec §4) never counts as unreachable.
 */
export function useCacheUnreachable(afterMs = FALLBACK_AFTER_MS): boolean {
  const status = useSession((s) => s.cacheStatus);
  const asleep = useSession((s) => s.activity === 'sleep');
  const down = !asleep && status !== 'connected' && status !== 'idle';
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!down) return;
    const timer = setTimeout(() => setLate(true), afterMs);
    return () => clearTimeout(timer);
  }, [down, afterMs]);
  return down && late;
}
