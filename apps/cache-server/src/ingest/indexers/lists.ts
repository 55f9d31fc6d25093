import type { NostrEvent } from '@tide/core/nostr';
import { isAddressableKind, isReplaceableKind } from '@tide/core/nostr';
import type { IngestContext, KnownEvent } from '../context.ts';
import { isHex64 } from '../event-refs.ts';
import { batchEvents, deleteBeforeRewrite, oncePerBatch } from '../pg-batch-rows.ts';
import { inChunks } from '../prefetch.ts';

/** Most items kept per list. */
export const MAX_LIST_ITEMS = 10_000;

/** True for list kinds whose items are exploded into list_items (mute, pins, bookmarks, sets, packs...). */
export function isListKind(kind: number): boolean {
  if (kind === 10002) return false;
  if (isReplaceableKind(kind)) return kind >= 10000;
  return isAddressableKind(kind) && ((kind >= 30000 && kind <= 30015) || kind === 39089);
}

/**
 * Bookmarked event ids (list_items of kind 10003, tag `e`) stored before this batch, read for the authors of every
 * kind-10003 event of the batch at once, on the batch's first list event (before any list's items are rewritten);
 * null when `pubkey` is null (another list kind).
 */
async function bookmarksBefore(ctx: IngestContext, pubkey: string | null): Promise<Set<string> | null> {
  const read = async (authors: string[]) => {
    const out = new Map<string, Set<string>>(authors.map((a) => [a, new Set()]));
    const rows = await inChunks(authors, (part) =>
      ctx.trx
        .selectFrom('list_items')
        .select(['pubkey', 'value'])
        .where('pubkey', 'in', part)
        .where('kind', '=', 10003)
        .where('tag', '=', 'e')
        .execute(),
    );
    for (const r of rows) out.get(r.pubkey)?.add(r.value);
    return out;
  };
  const batch = await oncePerBatch(ctx, 'bookmarks', () =>
    read([...new Set(batchEvents(ctx, (k) => k.kind === 10003).map((k) => k.pubkey))]),
  );
  if (pubkey === null) return null;
  return batch.get(pubkey) ?? (await read([pubkey])).get(pubkey) ?? new Set();
}

/**
 * Lists (newest version per (pubkey, kind, d)): replaces the stored items, one row per tag except `d`, in tag
 * order. Bookmarks (10003) also notify the authors of newly bookmarked events (type 302).
 */
export async function indexList(ctx: IngestContext, e: NostrEvent, identifier: string): Promise<void> {
  if (!isListKind(e.kind)) return;
  const previousBookmarks = await bookmarksBefore(ctx, e.kind === 10003 ? e.pubkey : null);
  const coord = (k: Pick<KnownEvent, 'pubkey' | 'kind' | 'identifier'>) => ({
    pubkey: k.pubkey,
    kind: k.kind,
    identifier: k.identifier,
  });
  const isList = (k: KnownEvent) => isListKind(k.kind);
  await deleteBeforeRewrite(
    ctx,
    'list_items',
    ['pubkey', 'kind', 'identifier'],
    coord({ ...e, identifier }),
    isList,
    coord,
  );
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
