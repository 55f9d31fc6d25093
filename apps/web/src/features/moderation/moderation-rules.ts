import type { FilteringReason, Note } from '@tide/core/model';
import type { CacheEvent } from '@tide/core/nostr';
import type { ModerationListSetting } from '../../data/app-settings.ts';

/** Where a rule applies (spec §3): feeds, threads, search (`content`) or explore and scored lists (`trending`). */
export type ModerationScope = 'content' | 'trending';

/** Scopes of a muted pubkey when its `p` tag names none. */
const DEFAULT_SCOPES: readonly ModerationScope[] = ['content', 'trending'];

/** Compiled client-side moderation: muted pubkeys (with scopes), threads, hashtags, words, subscribed groups. */
export interface ModerationRules {
  pubkeys: Map<string, ReadonlySet<string>>;
  threads: Set<string>;
  hashtags: Set<string>;
  words: string[];
  /** Moderation list name (primal_spam, primal_nsfw) → scopes it is subscribed at; empty when moderation is off. */
  groups: Map<string, ReadonlySet<string>>;
}

/** No rules: nothing is hidden. */
export const NO_RULES: ModerationRules = {
  pubkeys: new Map(),
  threads: new Set(),
  hashtags: new Set(),
  words: [],
  groups: new Map(),
};

function scopesOf(field: string | undefined): ReadonlySet<string> {
  if (!field) return new Set(DEFAULT_SCOPES);
  try {
    const parsed: unknown = JSON.parse(field);
    if (Array.isArray(parsed)) return new Set(parsed.filter((s): s is string => typeof s === 'string'));
  } catch {
    // A malformed scopes field counts as the default scopes.
  }
  return new Set(DEFAULT_SCOPES);
}

/**
 * Compiles mute lists (kind 10000 and 30000 `d=mute`: `p` with an optional 5th field of JSON scopes, `e` threads,
 * `t` hashtags, `word`) and the moderation-list settings into rules. Other events are ignored.
 */
export function compileModeration(
  muteLists: readonly CacheEvent[],
  settings: { applyContentModeration: boolean; contentModeration: readonly ModerationListSetting[] },
): ModerationRules {
  const rules: ModerationRules = {
    pubkeys: new Map(),
    threads: new Set(),
    hashtags: new Set(),
    words: [],
    groups: new Map(),
  };
  for (const event of muteLists) {
    const isMute =
      event.kind === 10000 || (event.kind === 30000 && (event.tags ?? []).some((t) => t[0] === 'd' && t[1] === 'mute'));
    if (!isMute) continue;
    for (const tag of event.tags ?? []) {
      const value = tag[1];
      if (!value) continue;
      if (tag[0] === 'p' && /^[0-9a-f]{64}$/.test(value)) rules.pubkeys.set(value, scopesOf(tag[4]));
      else if (tag[0] === 'e') rules.threads.add(value);
      else if (tag[0] === 't') rules.hashtags.add(value.toLowerCase());
      else if (tag[0] === 'word') rules.words.push(value.toLowerCase());
    }
  }
  if (settings.applyContentModeration) {
    for (const list of settings.contentModeration) rules.groups.set(list.name, new Set(list.scopes));
  }
  return rules;
}

/** True when `pubkey` is hidden at `scope`: muted there, or blocked by the service (filtering reason) alone or in a subscribed group. */
export function hidesUser(
  rules: ModerationRules,
  pubkey: string,
  scope: ModerationScope,
  reasons: Readonly<Record<string, FilteringReason>> = {},
): boolean {
  if (rules.pubkeys.get(pubkey)?.has(scope)) return true;
  const reason = reasons[pubkey];
  if (reason?.action !== 'block') return false;
  if (!reason.group) return true;
  return rules.groups.get(reason.group)?.has(scope) ?? false;
}

/** True when a note is hidden at `scope`: hidden author (or reposter), muted thread, hashtag or word. */
export function hidesNote(
  rules: ModerationRules,
  note: Note,
  scope: ModerationScope,
  reasons: Readonly<Record<string, FilteringReason>> = {},
): boolean {
  if (hidesUser(rules, note.pubkey, scope, reasons)) return true;
  if (note.repost && hidesUser(rules, note.repost.pubkey, scope, reasons)) return true;
  if (rules.threads.has(note.id)) return true;
  for (const tag of note.tags) {
    if (tag[0] === 'e' && tag[1] && rules.threads.has(tag[1])) return true;
    if (tag[0] === 't' && tag[1] && rules.hashtags.has(tag[1].toLowerCase())) return true;
  }
  if (rules.words.length) {
    const text = note.content.toLowerCase();
    if (rules.words.some((word) => text.includes(word))) return true;
  }
  return false;
}
