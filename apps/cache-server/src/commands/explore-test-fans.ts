import { type NostrEvent, signEvent } from '@tide/core/nostr';
import { ingestEvents } from '../ingest/index.ts';
import { deriveSecretKey, publicKeyOf } from '../seed/signer.ts';
import type { Store } from '../store/index.ts';

/** A test user by label: secret key and pubkey. */
export interface Fan {
  sk: Uint8Array;
  pubkey: string;
}

/** The i-th test fan (a deterministic key). */
export function fan(i: number): Fan {
  const sk = deriveSecretKey(`fixture:fan-${i}`);
  return { sk, pubkey: publicKeyOf(sk) };
}

/** Contact lists of `count` fans (fan 0 .. count-1), each following `pubkeys`, signed at `at`. */
export function fanContactLists(pubkeys: readonly string[], count: number, at: number): NostrEvent[] {
  const tags = pubkeys.map((pk) => ['p', pk]);
  return Array.from({ length: count }, (_, i) => signEvent({ kind: 3, created_at: at, tags, content: '' }, fan(i).sk));
}

/**
 * Gives `pubkeys` `count` more followers (trending needs ≥ 5, semantics §1.6): ingests the fans' contact lists,
 * dated `at` (older than a week keeps explore_people's increases as they were). Throws if any is rejected.
 */
export async function addFans(
  store: Store,
  pubkeys: readonly string[],
  count: number,
  at: number,
  now = at,
): Promise<void> {
  const results = await ingestEvents(store, fanContactLists(pubkeys, count, at), { source: 'import', now });
  const bad = results.find((r) => !r.ok);
  if (bad) throw new Error(`fan contact list rejected: ${bad.reason}`);
}
