import type { EventTemplate, Tag } from '../nostr/event.ts';
import { Kind } from '../nostr/kinds.ts';
import { addTags, type ListBase, removeTags, tagValues } from './list-tags.ts';

/** Where a subscribed mute list applies (spec §3). */
export type FilterScope = 'content' | 'trending';

/** Both scopes: what a new subscription and the user's own entry get. */
export const ALL_SCOPES: readonly FilterScope[] = ['content', 'trending'];

/** The `d` of the filter lists (the mute lists a user subscribes to) and of the allow list, both kind 30000. */
export const FILTER_LISTS_ID = 'mutelists';
/** See {@link FILTER_LISTS_ID}. */
export const ALLOW_LIST_ID = 'allowlist';

function withIdentifier(tags: Tag[], d: string): Tag[] {
  return tags.some((t) => t[0] === 'd') ? tags : [['d', d], ...tags];
}

function template(latest: ListBase | null, tags: Tag[], d: string, now: number): EventTemplate {
  return {
    kind: Kind.CategorizedPeople,
    content: latest?.content ?? '',
    created_at: now,
    tags: withIdentifier(tags, d),
  };
}

function scopeTag(pubkey: string, scopes: readonly FilterScope[]): Tag {
  return ['p', pubkey, '', '', JSON.stringify(scopes)];
}

/** The subscribed mute lists' owners with their scopes (a `p` tag without a 5th field counts as both scopes). */
export function filterListEntries(tags: ListBase['tags']): { pubkey: string; scopes: FilterScope[] }[] {
  const out: { pubkey: string; scopes: FilterScope[] }[] = [];
  for (const t of tags) {
    if (t[0] !== 'p' || !t[1] || out.some((e) => e.pubkey === t[1])) continue;
    let scopes: FilterScope[] = [...ALL_SCOPES];
    try {
      const parsed: unknown = t[4] ? JSON.parse(t[4]) : null;
      if (Array.isArray(parsed)) scopes = ALL_SCOPES.filter((s) => parsed.includes(s));
    } catch {
      // a malformed scopes field counts as both scopes
    }
    out.push({ pubkey: t[1], scopes });
  }
  return out;
}

/**
 * Edits the filter lists (30000 `d=mutelists`): `add` subscribes to `pubkey`'s mute list (both scopes),
 * `remove` unsubscribes, `scopes` sets where it applies. The user's own entry is never removed and is added with
 * both scopes when missing (spec §4). Other tags and content stay.
 */
export function editFilterLists(
  latest: ListBase | null,
  self: string,
  change: { op: 'add' | 'remove'; pubkey: string } | { op: 'scopes'; pubkey: string; scopes: readonly FilterScope[] },
  now = Math.floor(Date.now() / 1000),
): EventTemplate {
  let tags = addTags(latest?.tags ?? [], [scopeTag(self, ALL_SCOPES)]);
  if (change.op === 'add') tags = addTags(tags, [scopeTag(change.pubkey, ALL_SCOPES)]);
  else if (change.op === 'remove' && change.pubkey !== self) tags = removeTags(tags, 'p', [change.pubkey]);
  else if (change.op === 'scopes') {
    const scopes = ALL_SCOPES.filter((s) => change.scopes.includes(s));
    tags = tags.map((t) => (t[0] === 'p' && t[1] === change.pubkey ? scopeTag(change.pubkey, scopes) : t));
    tags = addTags(tags, [scopeTag(change.pubkey, scopes)]);
  }
  return template(latest, tags, FILTER_LISTS_ID, now);
}

/** Adds or removes `pubkey` on the allow list (30000 `d=allowlist`); other tags and content stay. */
export function editAllowList(
  latest: ListBase | null,
  pubkey: string,
  on: boolean,
  now = Math.floor(Date.now() / 1000),
): EventTemplate {
  const base = latest?.tags ?? [];
  const tags = on ? addTags(base, [['p', pubkey]]) : removeTags(base, 'p', [pubkey]);
  return template(latest, tags, ALLOW_LIST_ID, now);
}

/** The accounts on an allow list. */
export function allowListEntries(tags: ListBase['tags']): string[] {
  return tagValues(tags, 'p');
}
