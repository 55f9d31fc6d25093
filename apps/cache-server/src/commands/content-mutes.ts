import type { NostrEvent } from '@tide/core/nostr';
import type { Store } from '../store/index.ts';

/** What a viewer's mute list (kind 10000) hides: authors, hashtags, words and threads (semantics §1.8). */
export interface MuteRules {
  pubkeys: Set<string>;
  hashtags: Set<string>;
  /** Lower-cased words/phrases. */
  words: string[];
  /** Muted thread roots (event ids). */
  threads: Set<string>;
}

/** No rules (guests without a mute list). */
export const NO_MUTES: MuteRules = { pubkeys: new Set(), hashtags: new Set(), words: [], threads: new Set() };

/** Where a store's viewers' rules come from besides the store: a server's facts, or null once two servers offered. */
type RulesSource = (viewer: string) => Promise<MuteRules> | undefined;
const sources = new WeakMap<Store, RulesSource | null>();

/**
 * Lets muteRulesOf take a viewer's rules from `source` (a server's per-viewer facts: a mute list changes only by its
 * owner's own write, which facts never outlive; undefined once that server stopped) instead of reading them per call.
 * A second server on the same store does not see the first one's writes: then every call reads the store.
 */
export function provideMuteRules(store: Store, source: RulesSource): void {
  sources.set(store, sources.has(store) ? null : source);
}

/** The viewer's current mute list items as rules (from the store's provider, if one server gave it one). */
export async function muteRulesOf(store: Store, viewer: string | null): Promise<MuteRules> {
  if (!viewer) return NO_MUTES;
  return (await sources.get(store)?.(viewer)) ?? readMuteRules(store, viewer);
}

/** The viewer's mute list items as rules, read from the store. */
export async function readMuteRules(store: Store, viewer: string): Promise<MuteRules> {
  const rows = await store.db
    .selectFrom('list_items')
    .select(['tag', 'value'])
    .where('pubkey', '=', viewer)
    .where('kind', '=', 10000)
    .where('identifier', '=', '')
    .execute();
  const rules: MuteRules = { pubkeys: new Set(), hashtags: new Set(), words: [], threads: new Set() };
  for (const r of rows) {
    if (r.tag === 'p') rules.pubkeys.add(r.value);
    else if (r.tag === 't' && r.value) rules.hashtags.add(r.value.toLowerCase());
    else if (r.tag === 'word' && r.value.trim()) rules.words.push(r.value.trim().toLowerCase());
    else if (r.tag === 'e') rules.threads.add(r.value);
  }
  return rules;
}

/** True when a rule hides the event: muted author, repost of one, muted hashtag or word, or muted thread. */
export function isMuted(rules: MuteRules, e: NostrEvent): boolean {
  if (rules.pubkeys.has(e.pubkey)) return true;
  if (e.kind === 6) return e.tags.some((t) => t[0] === 'p' && rules.pubkeys.has(t[1]));
  if (rules.threads.has(e.id)) return true;
  for (const t of e.tags) {
    if (t[0] === 'e' && rules.threads.has(t[1])) return true;
    if (t[0] === 't' && typeof t[1] === 'string' && rules.hashtags.has(t[1].toLowerCase())) return true;
  }
  if (rules.words.length === 0 && rules.hashtags.size === 0) return false;
  const text = e.content.toLowerCase();
  if (rules.words.some((w) => text.includes(w))) return true;
  for (const m of text.matchAll(/#([\p{L}\p{N}_]+)/gu)) if (rules.hashtags.has(m[1])) return true;
  return false;
}
