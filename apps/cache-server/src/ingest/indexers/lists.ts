import type { NostrEvent } from '@tide/core/nostr';
import { isAddressableKind, isReplaceableKind } from '@tide/core/nostr';
import type { IngestContext } from '../context.ts';
import { isHex64 } from '../event-refs.ts';

/** Most items kept per list. */
export const MAX_LIST_ITEMS = 10_000;

/** True for list kinds whose items are exploded into list_items (mute, pins, bookmarks, sets, packs...). */
export function isListKind(kind: number): boolean {
  if (kind === 10002) return false;
  if (isReplaceableKind(kind)) return kind >= 10000;
  return isAddressableKind(kind) && ((kind >= 30000 && kind <= 30015) || kind === 39089);
}

/**
 * Lists (newest version per (pubkey, kind, d)): replaces the stored items, one row per tag except `d`, in tag
 * order. Bookmarks (10003) also notify the authors of newly bookmarked events (type 302).
 */
export async function indexList(ctx: IngestContext, e: NostrEvent, identifier: string): Promise<void> {
  if (!isListKind(e.kind)) return;
  let previousBookmarks: Set<string> | null = null;
  if (e.kind === 10003) {
    const rows = await ctx.trx
      .selectFrom('list_items')
      .select('value')
      .where('pubkey', '=', e.pubkey)
      .where('kind', '=', 10003)
      .where('tag', '=', 'e')
      .execute();
    previousBookmarks = new Set(rows.map((r) => r.value));
  }
  await ctx.trx
    .deleteFrom('list_items')
    .where('pubkey', '=', e.pubkey)
    .where('kind', '=', e.kind)
    .where('identifier', '=', identifier)
    .execute();
  let position = 0;
  for (const t of e.tags) {
    if (position >= MAX_LIST_ITEMS) break;
    if (typeof t[0] !== 'string' || t[0] === 'd' || typeof t[1] !== 'string') continue;
    ctx.buf.insert('list_items', {
      pubkey: e.pubkey,
      kind: e.kind,
      identifier,
      position,
      tag: t[0],
      value: t[1].slice(0, 1000),
      extra: JSON.stringify(t).slice(0, 4000),
      event_id: e.id,
    });
    position++;
  }
  if (previousBookmarks) {
    for (const t of e.tags) {
      if (t[0] !== 'e' || !isHex64(t[1]) || previousBookmarks.has(t[1])) continue;
      const target = ctx.known.get(t[1]);
      if (!target) continue;
      ctx.notifications.push({
        recipient: target.pubkey,
        type: 302,
        created_at: e.created_at,
        actor: e.pubkey,
        targetEventId: t[1],
        source: e,
        args: { your_post: t[1], who_bookmarked_it: e.pubkey },
        pubkeyArgs: [e.pubkey],
      });
    }
  }
}
