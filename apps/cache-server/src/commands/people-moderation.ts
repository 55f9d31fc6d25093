import { type CacheEvent, CacheKind, Kind } from '@tide/core/nostr';
import type { Store } from '../store/open-store.ts';
import { type Payload, type PeopleContext, requireHex, synthetic } from './people-common.ts';

/** Moderation groups a viewer subscribes to per scope, from their stored app settings (defaults when absent). */
export async function moderationGroups(store: Store, viewer: string, scope: string): Promise<string[]> {
  const row = await store.db
    .selectFrom('app_settings')
    .select('content')
    .where('pubkey', '=', viewer)
    .executeTakeFirst();
  const defaults = scope === 'content' ? ['primal_spam'] : ['primal_spam', 'primal_nsfw'];
  if (!row) return defaults;
  try {
    const settings = JSON.parse(row.content) as Record<string, unknown>;
    if (settings.applyContentModeration === false) return [];
    const lists = settings.contentModeration;
    if (!Array.isArray(lists) || lists.length === 0) return defaults;
    return lists.flatMap((item) => {
      const entry = item as { name?: unknown; scopes?: unknown };
      return typeof entry.name === 'string' && Array.isArray(entry.scopes) && entry.scopes.includes(scope)
        ? [entry.name]
        : [];
    });
  } catch {
    return defaults;
  }
}

/** True when `viewer` has `pubkey` in a list item of (kind, identifier) with tag p. */
async function listHasPubkey(store: Store, viewer: string, kind: number, identifier: string, pubkey: string) {
  const row = await store.db
    .selectFrom('list_items')
    .select('value')
    .where('pubkey', '=', viewer)
    .where('kind', '=', kind)
    .where('identifier', '=', identifier)
    .where('tag', '=', 'p')
    .where('value', '=', pubkey)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The 10000131 filtering reason for `pubkey` as seen by `viewer`, or undefined when visible: allow-listed →
 * `{action: "allow", pubkey}`; muted (kind 10000 or 30000 d=mute) → `{action: "block", pubkey}`; on a spam/nsfw
 * filter list the viewer subscribes to (content scope) → `{action: "block", group}`.
 */
export async function filteringReason(store: Store, viewer: string, pubkey: string): Promise<CacheEvent | undefined> {
  if (viewer === pubkey) return undefined;
  if (await listHasPubkey(store, viewer, Kind.CategorizedPeople, 'allowlist', pubkey)) {
    return synthetic(CacheKind.FilteringReason, { action: 'allow', pubkey });
  }
  const muted =
    (await listHasPubkey(store, viewer, Kind.MuteList, '', pubkey)) ||
    (await listHasPubkey(store, viewer, Kind.CategorizedPeople, 'mute', pubkey));
  if (muted) return synthetic(CacheKind.FilteringReason, { action: 'block', pubkey });
  const groups = await moderationGroups(store, viewer, 'content');
  const wanted = groups.flatMap((g) => (g === 'primal_spam' ? ['spam'] : g === 'primal_nsfw' ? ['nsfw'] : []));
  if (wanted.length === 0) return undefined;
  const group = await filterListGroup(store, pubkey, wanted);
  return group ? synthetic(CacheKind.FilteringReason, { action: 'block', group: `primal_${group}` }) : undefined;
}

/** The first of the `wanted` filter-list groups (spam, nsfw, …) that blocks `pubkey`, if any. */
export async function filterListGroup(store: Store, pubkey: string, wanted: string[]): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('filter_list')
    .select('grp')
    .where('target', '=', pubkey)
    .where('target_type', '=', 'pubkey')
    .where('blocked', '=', 1)
    .where('grp', 'in', wanted)
    .executeTakeFirst();
  return row?.grp;
}

/** Pubkeys the viewer muted (kind 10000 and 30000 d=mute `p` items). */
export async function mutedPubkeys(store: Store, viewer: string): Promise<Set<string>> {
  const rows = await store.db
    .selectFrom('list_items')
    .select('value')
    .where('pubkey', '=', viewer)
    .where('tag', '=', 'p')
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', Kind.MuteList), eb('identifier', '=', '')]),
        eb.and([eb('kind', '=', Kind.CategorizedPeople), eb('identifier', '=', 'mute')]),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => row.value));
}

/** Filter-list groups that hide a user from everyone (semantics §1.8). */
export const HARD_BLOCK_GROUPS: readonly string[] = ['csam', 'impersonation'];

/**
 * Which of `pubkeys` are hidden for `viewer` at `scope`: always csam/impersonation-listed users; with a viewer also
 * users they muted and users on the spam/nsfw filter lists the viewer subscribes to at that scope (allow list wins
 * over the filter lists).
 */
export async function hiddenPubkeys(
  store: Store,
  viewer: string | null,
  pubkeys: readonly string[],
  scope: 'content' | 'trending' = 'content',
): Promise<Set<string>> {
  const hidden = new Set<string>();
  const unique = [...new Set(pubkeys)];
  if (unique.length === 0) return hidden;
  const groups = [...HARD_BLOCK_GROUPS];
  let allowed = new Set<string>();
  if (viewer) {
    for (const pk of await mutedPubkeys(store, viewer)) if (unique.includes(pk)) hidden.add(pk);
    for (const g of await moderationGroups(store, viewer, scope)) {
      if (g === 'primal_spam') groups.push('spam');
      if (g === 'primal_nsfw') groups.push('nsfw');
    }
    const allowRows = await store.db
      .selectFrom('list_items')
      .select('value')
      .where('pubkey', '=', viewer)
      .where('kind', '=', Kind.CategorizedPeople)
      .where('identifier', '=', 'allowlist')
      .where('tag', '=', 'p')
      .execute();
    allowed = new Set(allowRows.map((r) => r.value));
  }
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await store.db
      .selectFrom('filter_list')
      .select(['target', 'grp'])
      .where('target_type', '=', 'pubkey')
      .where('blocked', '=', 1)
      .where('grp', 'in', groups)
      .where('target', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      if (HARD_BLOCK_GROUPS.includes(row.grp) || !allowed.has(row.target)) hidden.add(row.target);
    }
  }
  return hidden;
}

/** search_filterlist {pubkey, user_pubkey}: the 10000131 reason when `user_pubkey` hides `pubkey`, else nothing. */
export async function searchFilterlist(ctx: PeopleContext, payload: Payload): Promise<CacheEvent[]> {
  const pubkey = requireHex(payload, 'pubkey');
  const viewer = requireHex(payload, 'user_pubkey');
  const reason = await filteringReason(ctx.store, viewer, pubkey);
  return reason ? [reason] : [];
}

/** Handlers of the moderation commands. */
export const peopleModerationCommands = {
  search_filterlist: searchFilterlist,
};
