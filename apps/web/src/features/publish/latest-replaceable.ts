import type { NostrEvent } from '@tide/core/nostr';

/** The newest of the candidates for one replaceable event (NIP-01: newest created_at, then the lowest id). */
export function newestEvent(candidates: readonly (NostrEvent | null | undefined)[]): NostrEvent | null {
  let best: NostrEvent | null = null;
  for (const event of candidates) {
    if (!event) continue;
    if (!best || event.created_at > best.created_at || (event.created_at === best.created_at && event.id < best.id)) {
      best = event;
    }
  }
  return best;
}

/** Caching-service commands that answer one user's raw replaceable list of a kind. */
export const CACHE_LIST_COMMANDS: Record<number, { command: string; extra?: Record<string, unknown> }> = {
  3: { command: 'contact_list', extra: { extended_response: false } },
  10000: { command: 'mutelist', extra: { extended_response: false } },
  10003: { command: 'get_bookmarks' },
};

/** True for a signed event of `kind` by `pubkey` (what a list answer may carry among profiles and stats). */
export function isListEvent(event: unknown, kind: number, pubkey: string): event is NostrEvent {
  const e = event as Partial<NostrEvent> | null;
  return (
    !!e &&
    e.kind === kind &&
    e.pubkey === pubkey &&
    typeof e.id === 'string' &&
    typeof e.sig === 'string' &&
    typeof e.created_at === 'number' &&
    Array.isArray(e.tags)
  );
}
