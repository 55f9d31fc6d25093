// What a cached answer read, as dependency keys a write's change set can touch (`read-cache/change-keys.ts`): its
// pieces (the events it holds, the users whose kind 0 / follower counts it holds) and its selection (what decides which
// events are in it). Only commands whose selection can be named precisely are described; the others stay on the
// reuse rule's after-change bound.
import { type CacheEvent, CacheKind, isHex, type NostrEvent } from '@tide/core/nostr';
import { referencesOf } from '../commands/bundle-refs.ts';
import { layoutOf } from '../commands/bundle-shared.ts';
import { defaultAccount } from '../commands/content-common.ts';
import type { Store } from '../store/index.ts';
import { searchSelection } from './answer-deps-search.ts';

/** An answer's dependency keys, and the store's change sequence from which on it is exact unless one is touched. */
export interface AnswerDeps {
  keys: readonly string[];
  /** The lowest change sequence any part of it was computed at (a shared bundle part may be older than the answer). */
  since: number;
}

/** feed `notes` values whose selection is the author's own events. */
const AUTHORED = new Set(['authored', 'replies', 'user_media_thumbnails']);
const HEX64 = /[0-9a-f]{64}/g;
/** Nostr kinds end below this; the cache's own objects (10000xxx) are above. */
const MAX_NOSTR_KIND = 65_536;
/**
 * The cache's objects that only describe events the answer holds (stats, media, previews, actions, ranges, relay hints)
 * or users it holds (verified names): their ids need no scan. Any other object's hex strings count as events and users.
 */
const ABOUT_HELD: ReadonlySet<number> = new Set([
  CacheKind.NoteStats,
  CacheKind.MediaInfo,
  CacheKind.LinkMetadata,
  CacheKind.NoteActions,
  CacheKind.FeedRange,
  CacheKind.Relays,
  CacheKind.VerifiedUsersDict,
]);

function hexOf(value: unknown): string | undefined {
  return isHex(value, 64) ? value : undefined;
}

function parsedSpec(spec: unknown): Record<string, unknown> | undefined {
  if (spec && typeof spec === 'object' && !Array.isArray(spec)) return spec as Record<string, unknown>;
  if (typeof spec !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(spec);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The kinds a feed may select: its defaults and any listed in `sources`' `kinds` (a superset is harmless). */
function kindsOf(sources: ReadonlyArray<Record<string, unknown>>): number[] {
  const kinds = new Set([1, 6]);
  for (const source of sources) {
    if (!Array.isArray(source.kinds)) continue;
    for (const kind of source.kinds) if (Number.isInteger(kind)) kinds.add(kind as number);
  }
  return [...kinds];
}

/**
 * The author-by-kind key prefixes a feed selects through: `k` (events that are not replies by the feeds' rule, see
 * `ChangeRecorder.accepted`) when it hides replies, else `k` and `kr` (replies too).
 */
function authorPrefixes(hidesReplies: boolean): string[] {
  return hidesReplies ? ['k'] : ['k', 'kr'];
}

/**
 * The selection of a feed of `pubkey`'s `notes` of `kinds`: their own events of those kinds (`k<kind>:`, and replies
 * `kr<kind>:` unless it hides them), or those of whom they follow (`F<prefixes>|<kinds>:<pubkey>`, expanded by
 * `answerDeps`) and their own contact list (`p:`). `includeReplies` is the request's `include_replies` (only `false`
 * or absent hides them: anything else includes them or is refused).
 */
function feedSelection(
  pubkey: string | undefined,
  notes: unknown,
  kinds: number[],
  includeReplies: unknown,
): string[] | undefined {
  if (!pubkey) return undefined;
  const hides = includeReplies === undefined || includeReplies === null || includeReplies === false;
  if (notes === 'follows') return [`p:${pubkey}`, `F${authorPrefixes(hides).join(',')}|${kinds.join(',')}:${pubkey}`];
  if (typeof notes !== 'string' || !AUTHORED.has(notes)) return undefined;
  // only `authored` hides replies; `replies` and `user_media_thumbnails` read them
  const prefixes = authorPrefixes(notes === 'authored' && hides);
  return kinds.flatMap((kind) => prefixes.map((prefix) => `${prefix}${kind}:${pubkey}`));
}

/** The selection of a mega-feed spec, if it is a follows feed (`latest`) or a profile feed (`feed`). */
function megaFeedSelection(payload: Record<string, unknown>, viewer: string): string[] | undefined {
  const spec = parsedSpec(payload.spec);
  if (!spec || spec.kind === 'reads' || spec.kind === 'drafts' || spec.dvm_id !== undefined) return undefined;
  const owner = viewer || defaultAccount();
  if ((spec.id === 'search' || spec.id === 'advsearch') && typeof spec.query === 'string')
    return searchSelection('advanced_search', { query: spec.query });
  const kinds = kindsOf([spec, payload]);
  // latest reads the spec's include_replies only; feed reads the request's over the spec's
  if (spec.id === 'latest') return feedSelection(owner, 'follows', kinds, spec.include_replies === true);
  if (spec.id !== 'feed') return undefined;
  const includeReplies = payload.include_replies ?? spec.include_replies;
  return feedSelection(
    spec.pubkey === undefined ? owner : hexOf(spec.pubkey),
    spec.notes ?? 'follows',
    kinds,
    includeReplies,
  );
}

/**
 * What decides which events a command's answer holds, as keys (`F<prefixes>|<kinds>:<pubkey>`: events of those kinds
 * by anyone they follow, by author-key prefix, expanded by `answerDeps`); undefined when it cannot be named precisely.
 *
 * Explore, trending 24 h and most zapped 4 h are not described, on purpose: they rank every note of a window by its
 * stats, which most writes change (any like, reply, repost or zap of a note of the last 24 h: half of the load
 * bench's writer), so a key of theirs would be touched about as often as the store changes. They live by the
 * after-change rule (at most 1 s, within the clock second) and are served stale while recomputed (`answer-cache.ts`);
 * with the 22k store and the writer 4% of their requests waited for a computation (a replay of the bench's mix,
 * 2,000 req/s: 77 of 2,000). A longer bound, as the reference has (its stats pipeline runs every 5 s and its `scored`
 * selectors every 600 s, semantics §1.1 and §5), would spare most of their recomputations where they are dear
 * (PostgreSQL at 1M: 400-600 ms, explore p95 448 ms with the writer last session): taken for the viewer-less answers
 * of trending 24 h, most zapped 4 h and explore_topics only (`PERIODIC_COMMANDS` in response-cache.ts, up to 5 s, the
 * rankings the reference precomputes); `explore` itself stays exact. A viewer's own action shows at once either way.
 */
export function selectionKeys(command: string, payload: Record<string, unknown>, viewer: string): string[] | undefined {
  switch (command) {
    case 'thread_view': {
      const id = hexOf(payload.event_id);
      return id ? [`e:${id}`, `r:${id}`] : undefined;
    }
    case 'user_profile': {
      const p = hexOf(payload.pubkey);
      // kind 0 and live streams they host are current versions (`p:`); streams tagging them `m:`
      return p ? [`p:${p}`, `s:${p}`, `f:${p}`, `n:${p}`, `m:${p}`] : undefined;
    }
    case 'feed':
      return feedSelection(
        hexOf(payload.pubkey),
        payload.notes ?? 'follows',
        kindsOf([payload]),
        payload.include_replies,
      );
    case 'mega_feed_directive':
      return megaFeedSelection(payload, viewer);
    case 'search':
    case 'advanced_search':
      return searchSelection(command, payload);
    default:
      return undefined;
  }
}

/** Keys of the pieces an answer holds: its events and what they reference, users, media and link previews. */
export function pieceKeys(events: readonly CacheEvent[], keys: Set<string>): void {
  const users = new Set<string>();
  const counted = new Set<string>();
  for (const o of events) {
    if (o.kind < MAX_NOSTR_KIND && typeof o.id === 'string' && typeof o.pubkey === 'string') {
      const event = o as NostrEvent;
      keys.add(`e:${event.id}`);
      users.add(event.pubkey);
      const refs = referencesOf(event);
      for (const id of refs.ids) keys.add(`e:${id}`);
      // an address resolves to its author's current version (`p:`: their replaceable and addressable versions)
      for (const address of refs.addresses) keys.add(`p:${address.split(':')[1]}`);
      for (const pubkey of refs.pubkeys) users.add(pubkey);
      if (typeof event.content === 'string' && event.content.includes('http')) keys.add('links');
      continue;
    }
    if (o.kind === CacheKind.MediaInfo) keys.add('media');
    if (o.kind === CacheKind.LinkMetadata) keys.add('links');
    const content = typeof o.content === 'string' ? o.content : '';
    if (o.kind === CacheKind.UserScore) {
      for (const pubkey of Object.keys(JSON.parse(content || '{}') as object)) counted.add(pubkey);
    }
    if (ABOUT_HELD.has(o.kind)) continue;
    for (const m of content.matchAll(HEX64)) {
      keys.add(`e:${m[0]}`);
      users.add(m[0]);
    }
  }
  for (const pubkey of users) keys.add(`p:${pubkey}`).add(counted.has(pubkey) ? `f:${pubkey}` : `n:${pubkey}`);
}

/** Whom `pubkey` follows (as the follows feed reads them). */
async function followsOf(store: Store, pubkey: string): Promise<string[]> {
  const rows = await store.db
    .selectFrom('pubkey_followers')
    .select('pubkey')
    .where('follower_pubkey', '=', pubkey)
    .execute();
  return rows.map((r) => r.pubkey);
}

/**
 * The dependencies of `events`, the answer to `command` with `payload` for `viewer` ('' for none) computed from change
 * sequence `seq` on, or undefined when its selection cannot be described (it then follows the after-change rule). A
 * follows feed's follows are read now: a contact list written since its computation started is its owner's `p:` key.
 */
export async function answerDeps(
  store: Store,
  command: string,
  payload: Record<string, unknown>,
  viewer: string,
  events: readonly CacheEvent[],
  seq: number,
): Promise<AnswerDeps | undefined> {
  const selection = selectionKeys(command, payload, viewer);
  if (!selection) return undefined;
  const layout = layoutOf(events);
  if (layout && layout.seq === undefined) return undefined;
  const keys = new Set<string>();
  for (const key of selection) {
    const follows = /^F([a-z,]+)\|([\d,]+):(.+)$/.exec(key);
    if (!follows) {
      keys.add(key);
      continue;
    }
    const prefixes = follows[1].split(',');
    const kinds = follows[2].split(',');
    for (const pubkey of await followsOf(store, follows[3]))
      for (const kind of kinds) for (const prefix of prefixes) keys.add(`${prefix}${kind}:${pubkey}`);
  }
  // the viewer's lists (follows, mutes, bookmarks: current versions, `p:`) and settings (`v:`); their actions on events
  // held touch those events (`e:`), their other events only the answers that select them
  for (const who of [viewer, hexOf(payload.user_pubkey)]) if (who) keys.add(`p:${who}`).add(`v:${who}`);
  pieceKeys(events, keys);
  return { keys: [...keys], since: Math.min(seq, layout?.seq ?? seq) };
}

const noted = new WeakMap<object, AnswerDeps>();

/** Remembers the dependencies of a packed answer (see `answerDeps`) for the answer cache to read (`depsOfAnswer`). */
export async function noteAnswerDeps(
  answer: object,
  store: Store,
  command: string,
  payload: Record<string, unknown>,
  viewer: string,
  events: readonly CacheEvent[],
  seq: number,
): Promise<void> {
  const deps = await answerDeps(store, command, payload, viewer, events, seq);
  if (deps) noted.set(answer, deps);
}

/** Notes dependencies computed elsewhere (a read worker's, see `answerDeps`) for `answer`. */
export function setAnswerDeps(answer: object, deps: AnswerDeps): void {
  noted.set(answer, deps);
}

/** The dependencies noted for `answer`, if any. */
export function depsOfAnswer(answer: object): AnswerDeps | undefined {
  return noted.get(answer);
}
