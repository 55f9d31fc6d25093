import { type CommandClient, fetchAddressableEvent, fetchEvents } from '@tide/core/cache';
import { type CacheEvent, Kind, naddrEncode, tryDecodeNip19, verifyEvent } from '@tide/core/nostr';
import { captureEvents } from '../../data/page-fold.ts';

/** What `/reads/edit/:id` names: an addressable article or draft (naddr), or an event by id (hex, note, nevent). */
export type EditorTarget =
  | { type: 'address'; kind: number; pubkey: string; identifier: string }
  | { type: 'event'; id: string };

/** Parses the editor route's id; null when it names nothing the editor can open. */
export function parseEditorTarget(id: string): EditorTarget | null {
  if (/^[0-9a-f]{64}$/i.test(id)) return { type: 'event', id: id.toLowerCase() };
  const decoded = tryDecodeNip19(id);
  if (!decoded) return null;
  if (decoded.type === 'naddr') {
    const { kind, pubkey, identifier } = decoded.data;
    return kind === Kind.LongForm || kind === Kind.Draft ? { type: 'address', kind, pubkey, identifier } : null;
  }
  if (decoded.type === 'note') return { type: 'event', id: decoded.data };
  if (decoded.type === 'nevent') return { type: 'event', id: decoded.data.id };
  return null;
}

/** The editor route of a draft or article by its address. */
export function editorPathOf(kind: number, pubkey: string, identifier: string): string {
  return `/reads/edit/${naddrEncode({ kind, pubkey, identifier })}`;
}

/**
 * Loads the article (30023) or draft (31234) the editor opens, from the caching service; only a validly signed event
 * of `author` counts (the editor edits one's own articles). Null when there is none.
 */
export async function loadEditorSource(
  client: CommandClient,
  target: EditorTarget,
  author: string,
  signal?: AbortSignal,
): Promise<CacheEvent | null> {
  const events = await captureEvents(client, (c) =>
    target.type === 'address'
      ? fetchAddressableEvent(
          c,
          { pubkey: target.pubkey, kind: target.kind, identifier: target.identifier },
          { signal },
        )
      : fetchEvents(c, { event_ids: [target.id] }, { signal }),
  );
  const wanted = (e: CacheEvent) =>
    (e.kind === Kind.LongForm || e.kind === Kind.Draft) &&
    e.pubkey === author &&
    (target.type === 'event' ? e.id === target.id : e.kind === target.kind);
  const found = events.filter(wanted).sort((a, b) => Number(b.created_at ?? 0) - Number(a.created_at ?? 0));
  const source = found.find((e) => verifyEvent(e)) ?? null;
  if (source?.kind !== Kind.LongForm) return source;
  // An article left mid-edit: its draft (same d) is newer than the published version, so the editor opens that.
  const d = source.tags?.find((t) => t[0] === 'd')?.[1] ?? '';
  const drafts = await captureEvents(client, (c) =>
    fetchAddressableEvent(c, { pubkey: author, kind: Kind.Draft, identifier: d }, { signal }),
  ).catch(() => []);
  const draft = drafts.find(
    (e) =>
      e.kind === Kind.Draft &&
      e.pubkey === author &&
      Number(e.created_at ?? 0) > Number(source.created_at ?? 0) &&
      verifyEvent(e),
  );
  return draft ?? source;
}

/** How long the editor waits to learn whether a new article's address is taken before publishing anyway. */
export const ADDRESS_CHECK_MS = 5000;

/**
 * True when the author already has a published article at `identifier` (a new article with the same title would
 * replace it); false when there is none or the caching service cannot tell within {@link ADDRESS_CHECK_MS}.
 */
export async function articleExists(client: CommandClient, author: string, identifier: string): Promise<boolean> {
  const events = await captureEvents(client, (c) =>
    fetchAddressableEvent(
      c,
      { pubkey: author, kind: Kind.LongForm, identifier },
      { timeoutMs: ADDRESS_CHECK_MS, purpose: 'editor_address' },
    ),
  ).catch(() => []);
  return events.some((e) => e.kind === Kind.LongForm && e.pubkey === author);
}
