import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { CacheKind } from '@tide/core/nostr';
import { readCacheOf } from '../read-cache/read-cache.ts';
import type { Store } from '../store/index.ts';
import { readAhead } from './bundle-enrichment.ts';
import { type BundleEvent, loadBundleEvents, noteActionsByEvent } from './bundle-events.ts';
import { loadAddresses, MAX_REFS, referencesOf } from './bundle-refs.ts';
import { type BundleParts, bundleKey, sharedBundlesOf, withLayout } from './bundle-shared.ts';
import { userExtras } from './bundle-users.ts';
import { linkMetadata, mediaInfo, topZaps, wordCounts } from './content-bundle-parts.ts';
import { asCacheEvent, synth } from './content-common.ts';
import { isMuted, type MuteRules, muteRulesOf, NO_MUTES } from './content-mutes.ts';

/**
 * The enriched post bundle (semantics §2.2), used by every note-returning command:
 *
 *   const out = await enrichPosts(store, [{ id, value: created_at }, ...], { viewer, orderBy: 'created_at' });
 *
 * yields the posts (in `elements` order), referenced events as 10000107, authors' and mentioned users' kind 0,
 * top-5 zaps per post (9735 + 10000129), 10000100 stats, 10000115 viewer actions, 10000119 media, 10000128 link
 * metadata, 10000144 word counts, 10000108 follower scores, 10000141 relay hints, 10000158 verified names, and
 * one 10000113 FeedRange `{since, until, order_by, elements}` (omitted with `range: false`).
 */
export interface BundlePost {
  /** Event id of the post. */
  id: string;
  /** Sort value (created_at, score, satszapped, ...); the FeedRange bounds are min/max of these. */
  value: number;
}

/** Options of {@link enrichPosts}. */
export interface BundleOptions {
  /** Whose note actions (10000115) and mutes apply; null for none. */
  viewer?: string | null;
  /** FeedRange `order_by` (default `created_at`). */
  orderBy?: string;
  /** Emit the FeedRange (default true). */
  range?: boolean;
  /** The FeedRange's since/until instead of the posts' (a thread's bound its replies only). */
  rangeBounds?: { since: number; until: number };
  /** Emit top zaps per post (default true). */
  topZaps?: boolean;
  /** The viewer's mute rules when the caller already read them (saves reading them again). */
  muteRules?: MuteRules;
}

/** A FeedRange for posts already sorted by value descending. */
export function feedRange(
  orderBy: string,
  posts: readonly BundlePost[],
  bounds?: { since: number; until: number },
): CacheEvent {
  if (posts.length === 0) return synth(CacheKind.FeedRange, { order_by: orderBy, elements: [], ...bounds });
  if (bounds) return synth(CacheKind.FeedRange, { ...bounds, order_by: orderBy, elements: posts.map((p) => p.id) });
  let since = Number.POSITIVE_INFINITY;
  let until = Number.NEGATIVE_INFINITY;
  for (const p of posts) {
    since = Math.min(since, p.value);
    until = Math.max(until, p.value);
  }
  return synth(CacheKind.FeedRange, { since, until, order_by: orderBy, elements: posts.map((p) => p.id) });
}

/** Sorts posts by value descending (ties: id descending, stable across pages) and removes duplicate ids. */
export function sortPosts(posts: readonly BundlePost[]): BundlePost[] {
  const byId = new Map<string, BundlePost>();
  for (const p of posts) if (!byId.has(p.id)) byId.set(p.id, p);
  return [...byId.values()].sort((a, b) => b.value - a.value || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** JSON text by event object (events are immutable; the read cache hands the same objects to every answer). */
const eventJson = new WeakMap<NostrEvent, string>();

function jsonOf(e: NostrEvent): string {
  let text = eventJson.get(e);
  if (text === undefined) {
    text = JSON.stringify(e);
    eventJson.set(e, text);
  }
  return text;
}

/** True when the rules hide a post of the shared bundle `parts` or the author of an event it references. */
export function hidesSomething(rules: MuteRules, parts: Pick<BundleParts, 'top' | 'referencedAuthors'>): boolean {
  if (!parts.top || !parts.referencedAuthors) return true;
  return parts.top.some((e) => isMuted(rules, e)) || parts.referencedAuthors.some((pk) => rules.pubkeys.has(pk));
}

/** True when the rules hide nothing (the bundle is then the guest's plus the viewer's actions). */
function hidesNothing(rules: MuteRules): boolean {
  return rules.pubkeys.size === 0 && rules.hashtags.size === 0 && rules.words.length === 0 && rules.threads.size === 0;
}

/**
 * The bundle of semantics §2.2 for `posts` (see the module doc). For a viewer whose mute rules hide nothing in it (no
 * post, no referenced author) it is the viewer-independent bundle (shared between viewers when a server turned sharing
 * on, `bundle-shared.ts`) with the viewer's note actions put in their place, read by one small query.
 */
export async function enrichPosts(
  store: Store,
  posts: readonly BundlePost[],
  opts: BundleOptions = {},
): Promise<CacheEvent[]> {
  const viewer = opts.viewer ?? null;
  const rules = opts.muteRules ?? (await muteRulesOf(store, viewer));
  const shared = await sharedBundle(store, posts, { ...opts, muteRules: rules }, (ids) =>
    noteActionsByEvent(store, viewer ?? '', ids),
  );
  if (shared) return shared;
  const parts = await bundleParts(store, posts, opts, viewer, rules);
  return [...parts.head, ...parts.actions, ...parts.tail];
}

/**
 * The bundle enrichPosts answers when the viewer's mute rules (`opts.muteRules`, required) hide nothing in the shared
 * part for `posts`: that part with the viewer's actions (`actionsOf` the part's events) in their place. Undefined
 * when sharing is off or the rules hide something (enrichPosts then computes the viewer's own bundle).
 */
export async function sharedBundle(
  store: Store,
  posts: readonly BundlePost[],
  opts: BundleOptions & { muteRules: MuteRules },
  actionsOf: (ids: readonly string[]) => Promise<ReadonlyMap<string, CacheEvent>>,
): Promise<CacheEvent[] | undefined> {
  const viewer = opts.viewer ?? null;
  const rules = opts.muteRules;
  const sharing = sharedBundlesOf(store);
  if (!sharing) return undefined;
  const options = { orderBy: opts.orderBy, range: opts.range, topZaps: opts.topZaps, bounds: opts.rangeBounds };
  const parts = await sharing.parts(bundleKey(posts, options), viewer ?? '', () =>
    bundleParts(store, posts, opts, null, NO_MUTES),
  );
  // a viewer's mute rules change a bundle only where they hide a post or a referenced author in it
  if (!hidesNothing(rules) && hidesSomething(rules, parts)) return undefined;
  const byId = viewer ? await actionsOf(parts.actionIds) : undefined;
  const actions = byId ? parts.actionIds.flatMap((id) => byId.get(id) ?? []) : [];
  parts.memo ??= {};
  const layout = {
    head: parts.head,
    middle: actions,
    tail: parts.tail,
    memo: parts.memo,
    actionIds: parts.actionIds,
    seq: parts.seq,
    top: parts.top,
    referencedAuthors: parts.referencedAuthors,
  };
  return withLayout([...parts.head, ...actions, ...parts.tail], layout);
}

/** The bundle split around the viewer's actions (`BundleParts` plus the actions read with the events). */
async function bundleParts(
  store: Store,
  posts: readonly BundlePost[],
  opts: BundleOptions,
  viewer: string | null,
  rules: MuteRules,
): Promise<BundleParts & { actions: CacheEvent[] }> {
  const sorted = sortPosts(posts);
  // Each event comes with its stats, the viewer's actions and its relay hint (one query, see loadBundleEvents); with
  // the read cache on, the pieces come from it and the viewer's actions on every level are read once at the end.
  const levelViewer = readCacheOf(store) ? null : viewer;
  const loaded = await loadBundleEvents(
    store,
    sorted.map((p) => p.id),
    levelViewer,
  );
  const kept = sorted.filter((p) => {
    const e = loaded.get(p.id)?.event;
    // hidden: muted authors, reposts of them, muted hashtags, words and threads (semantics §1.8, §2.2)
    return e !== undefined && !isMuted(rules, e);
  });
  const topItems = kept.map((p) => loaded.get(p.id) as BundleEvent);
  const top = topItems.map((b) => b.event);

  // Referenced events, two levels deep (quotes, reposted notes, reply parents, articles by address).
  const known = new Map<string, NostrEvent>(top.map((e) => [e.id, e]));
  const referencedItems: BundleEvent[] = [];
  const users = new Set<string>();
  let frontier = top;
  for (let depth = 0; depth < 2 && frontier.length > 0; depth++) {
    const ids = new Set<string>();
    const addresses = new Set<string>();
    for (const e of frontier) {
      users.add(e.pubkey);
      const r = referencesOf(e);
      for (const id of r.ids) if (!known.has(id)) ids.add(id);
      for (const a of r.addresses) addresses.add(a);
      for (const pk of r.pubkeys) users.add(pk);
    }
    const [byId, byAddress] = await Promise.all([
      ids.size > 0 ? loadBundleEvents(store, [...ids].slice(0, MAX_REFS), levelViewer) : new Map<string, BundleEvent>(),
      loadAddresses(store, [...addresses], levelViewer),
    ]);
    frontier = [];
    for (const item of [...byId.values(), ...byAddress]) {
      const e = item.event;
      if (known.has(e.id) || rules.pubkeys.has(e.pubkey)) continue;
      known.set(e.id, e);
      referencedItems.push(item);
      frontier.push(e);
    }
  }
  const referenced = referencedItems.map((b) => b.event);
  for (const e of referenced) users.add(e.pubkey);

  const all = [...top, ...referenced];
  const allItems = [...topItems, ...referencedItems];
  const allIds = all.map((e) => e.id);
  const topIds = top.map((e) => e.id);
  const zapIds = opts.topZaps === false ? [] : topIds;
  const ahead = readAhead(store, allIds, zapIds);
  const [zapObjects, media, links, viewerActions] = await Promise.all([
    zapIds.length === 0 ? Promise.resolve([]) : topZaps(store, zapIds, users, ahead.zaps),
    mediaInfo(store, allIds, ahead.media),
    linkMetadata(store, allIds, ahead.links),
    viewer && levelViewer === null && allIds.length > 0 ? noteActionsByEvent(store, viewer, allIds) : undefined,
  ]);
  const stats: CacheEvent[] = [];
  const actions: CacheEvent[] = [];
  const hints: Record<string, string> = {};
  for (const item of allItems) {
    if (item.stats) stats.push(item.stats);
    const acted = viewerActions ? viewerActions.get(item.event.id) : item.actions;
    if (acted) actions.push(acted);
    if (item.relay !== undefined) hints[item.event.id] = item.relay;
  }
  const words = wordCounts(all);
  const head: CacheEvent[] = top.map(asCacheEvent);
  for (const e of referenced) head.push({ kind: CacheKind.Mentions, pubkey: e.pubkey, content: jsonOf(e) });
  head.push(...(await userExtras(store, [...users])));
  head.push(...zapObjects, ...stats);
  const tail: CacheEvent[] = [...media, ...links, ...words];
  if (Object.keys(hints).length > 0) tail.push(synth(CacheKind.RelayHint, hints));
  if (opts.range !== false) tail.push(feedRange(opts.orderBy ?? 'created_at', kept, opts.rangeBounds));
  const referencedAuthors = referenced.map((e) => e.pubkey);
  return { head, actions, tail, actionIds: allItems.map((item) => item.event.id), top, referencedAuthors };
}

export { addressOf, referencesOf } from './bundle-refs.ts';
export { profilesOf, userExtras } from './bundle-users.ts';
export { noteStats, zapObject, zapReceiptEvents } from './content-bundle-parts.ts';
