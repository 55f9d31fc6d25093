import type { NostrEvent } from '@tide/core/nostr';
import { tryDecodeNip19 } from '@tide/core/nostr';
import { type ReplaceablePiece, readCacheOf } from '../read-cache/read-cache.ts';
import type { Store } from '../store/index.ts';
import { type BundleEvent, chunked, loadBundleEvents, sortedUnique } from './bundle-events.ts';
import { runCompiled } from './compiled-query.ts';
import { parseAddress } from './content-common.ts';

const NOSTR_URI = /nostr:((?:note|nevent|naddr|npub|nprofile)1[02-9ac-hj-np-z]+)/g;
/** Most referenced events and addresses loaded per level of a bundle. */
export const MAX_REFS = 300;
const MAX_MENTIONED_USERS = 50;

/** What an event points at. */
export interface Refs {
  ids: Set<string>;
  addresses: Set<string>;
  pubkeys: Set<string>;
}

/** References by event object: events are immutable and the read cache hands the same objects to every answer. */
const memo = new WeakMap<NostrEvent, ReadonlyRefs>();

/** Refs as handed out (shared between callers). */
export interface ReadonlyRefs {
  readonly ids: ReadonlySet<string>;
  readonly addresses: ReadonlySet<string>;
  readonly pubkeys: ReadonlySet<string>;
}

/** Events, addresses and users an event points at (e/q/a/p tags and nostr: URIs in content); do not modify. */
export function referencesOf(event: NostrEvent): ReadonlyRefs {
  let refs = memo.get(event);
  if (!refs) {
    refs = findReferences(event);
    memo.set(event, refs);
  }
  return refs;
}

function findReferences(event: NostrEvent): Refs {
  const refs: Refs = { ids: new Set(), addresses: new Set(), pubkeys: new Set() };
  for (const t of event.tags) {
    const v = t[1];
    if (typeof v !== 'string') continue;
    if ((t[0] === 'e' || t[0] === 'q') && /^[0-9a-f]{64}$/.test(v)) refs.ids.add(v);
    else if ((t[0] === 'a' || t[0] === 'q') && parseAddress(v)) refs.addresses.add(v);
    else if (t[0] === 'p' && /^[0-9a-f]{64}$/.test(v) && refs.pubkeys.size < MAX_MENTIONED_USERS) refs.pubkeys.add(v);
  }
  if (event.kind !== 6 && event.kind !== 9735 && event.content.includes('nostr:')) {
    for (const m of event.content.matchAll(NOSTR_URI)) {
      const d = tryDecodeNip19(m[1]);
      if (!d) continue;
      if (d.type === 'note') refs.ids.add(d.data);
      else if (d.type === 'nevent') refs.ids.add(d.data.id);
      else if (d.type === 'naddr') refs.addresses.add(`${d.data.kind}:${d.data.pubkey}:${d.data.identifier}`);
      else if (d.type === 'npub') refs.pubkeys.add(d.data);
      else if (d.type === 'nprofile') refs.pubkeys.add(d.data.pubkey);
    }
  }
  return refs;
}

/** Current events of `kind:pubkey:identifier` addresses (at most MAX_REFS), with their bundle pieces. */
export async function loadAddresses(
  store: Store,
  addresses: readonly string[],
  viewer: string | null,
): Promise<BundleEvent[]> {
  const parsed = addresses
    .map(parseAddress)
    .filter((a) => a !== undefined)
    .slice(0, MAX_REFS);
  if (parsed.length === 0) return [];
  const wanted = new Set(addresses);
  const cache = readCacheOf(store);
  let rows: ReplaceablePiece[];
  if (cache) {
    // every current version of the authors (a few dozen each), kept per author: ingest names the author of any change
    const pubkeys = sortedUnique(parsed.map((a) => a.pubkey));
    const byAuthor = await cache.lookup(cache.replaceables, pubkeys, (missing) => loadReplaceables(store, missing));
    rows = pubkeys.flatMap((pk) => byAuthor.get(pk) ?? []);
  } else {
    rows = await store.db
      .selectFrom('replaceable_events')
      .select(['event_id', 'kind', 'pubkey', 'identifier'])
      .where(
        'pubkey',
        'in',
        parsed.map((a) => a.pubkey),
      )
      .where(
        'kind',
        'in',
        parsed.map((a) => a.kind),
      )
      .execute();
  }
  const ids = rows.filter((r) => wanted.has(`${r.kind}:${r.pubkey}:${r.identifier}`)).map((r) => r.event_id);
  return [...(await loadBundleEvents(store, ids, viewer)).values()];
}

/** Every current replaceable and addressable version of each of `pubkeys`, by pubkey. */
async function loadReplaceables(store: Store, pubkeys: readonly string[]) {
  const rows = await chunked(pubkeys, (chunk) =>
    runCompiled(store, 'bundle-replaceables', chunk, (v) =>
      store.db
        .selectFrom('replaceable_events')
        .select(['pubkey', 'kind', 'identifier', 'event_id'])
        .where('pubkey', 'in', v as string[]),
    ),
  );
  const out = new Map<string, ReplaceablePiece[]>();
  for (const r of rows) {
    const list = out.get(r.pubkey) ?? [];
    list.push({ pubkey: r.pubkey, kind: Number(r.kind), identifier: r.identifier, event_id: r.event_id });
    out.set(r.pubkey, list);
  }
  return out;
}

/** Address of an addressable event, else undefined. */
export function addressOf(e: NostrEvent): string | undefined {
  if (e.kind < 30000 || e.kind >= 40000) return undefined;
  const d = e.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  return `${e.kind}:${e.pubkey}:${d}`;
}
