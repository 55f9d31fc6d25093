import { DM_RELAYS_KIND, dmRelaysOf } from '@tide/core/nip17';
import type { NostrEvent } from '@tide/core/nostr';

/** The kind 10050 list to publish: `relays` as `relay` tags, keeping the previous list's other tags and content. */
export function dmRelayListTemplate(
  previous: NostrEvent | null,
  relays: readonly string[],
): { kind: number; tags: string[][]; content: string } {
  const others = (previous?.tags ?? []).filter((t) => t[0] !== 'relay');
  return {
    kind: DM_RELAYS_KIND,
    tags: [...others, ...[...new Set(relays)].map((url) => ['relay', url])],
    content: previous?.content ?? '',
  };
}

/** The user's own newest kind 10050 list and its relays (the event is kept so a change never drops other tags). */
export async function loadOwnDmRelayList(me: string): Promise<{ event: NostrEvent | null; relays: string[] }> {
  const { fetchLatestReplaceable } = await import('../publish/index.ts');
  const event = await fetchLatestReplaceable(DM_RELAYS_KIND, me);
  return { event, relays: dmRelaysOf(event) };
}
