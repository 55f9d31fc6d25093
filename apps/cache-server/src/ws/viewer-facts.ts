import { type CacheEvent, CacheKind, Kind } from '@tide/core/nostr';
import { allNoteActions } from '../commands/bundle-events.ts';
import { synth } from '../commands/content-common.ts';
import { type MuteRules, readMuteRules } from '../commands/content-mutes.ts';
import { moderationGroups, mutedPubkeys } from '../commands/people-moderation.ts';
import { type ReuseLimits, reusable } from '../reuse-rule.ts';
import type { Store } from '../store/index.ts';

/** Actions of a viewer kept at most (a viewer with more has theirs read per answer). */
const MAX_ACTIONS = 2000;
/** Viewers remembered before the list restarts. */
const MAX_VIEWERS = 20_000;
/** Actions read since the list last restarted, at most (bounds the memory the kept action sets take). */
const MAX_HELD_ACTIONS = 200_000;

/** What a viewer's layer is made of, read once per viewer and reuse window (each piece on first use). */
export interface Facts {
  /** No mute rules (authors, hashtags, words, threads): their bundles are the shared ones plus their actions. */
  muteFree(): Promise<boolean>;
  /** Their mute rules. */
  muteRules(): Promise<MuteRules>;
  /** Every 10000115 action of theirs by event id, or undefined when they have too many to keep. */
  actions(): Promise<Map<string, CacheEvent> | undefined>;
  /** What a profile's 10000131 filtering reason for them depends on besides the profile's filter-list groups. */
  moderation(): Promise<{ allowed: Set<string>; muted: Set<string>; wanted: string[] }>;
}

interface Entry {
  seq: number;
  second: number;
  at: number;
  facts: Facts;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load();
    return value;
  };
}

/**
 * Per-viewer facts kept by the answer cache's reuse rule (exact while the store is unchanged, up to maxAgeMs; within
 * the clock second and ttlMs after a change) and never across the viewer's own write.
 */
export class ViewerFacts {
  private readonly entries = new Map<string, Entry>();
  private heldActions = 0;

  constructor(
    private readonly store: Store,
    private readonly limits: ReuseLimits,
    private readonly writtenAt: (pubkey: string) => number,
  ) {}

  /** The facts of `viewer` at change sequence `seq` and server second `second`. */
  of(viewer: string, seq: number, second: number): Facts {
    const now = Date.now();
    const known = this.entries.get(viewer);
    if (known && known.seq >= this.writtenAt(viewer) && reusable(known, now, second, seq, this.limits)) {
      return known.facts;
    }
    const store = this.store;
    const muteRules = once(() => readMuteRules(store, viewer));
    const facts: Facts = {
      muteRules,
      muteFree: once(async () => {
        const { pubkeys, hashtags, words, threads } = await muteRules();
        return pubkeys.size + hashtags.size + words.length + threads.size === 0;
      }),
      actions: once(async () => {
        const actions = await allNoteActions(store, viewer, MAX_ACTIONS);
        this.heldActions += actions?.size ?? 0;
        if (this.heldActions > MAX_HELD_ACTIONS) {
          this.entries.clear();
          this.heldActions = 0;
        }
        return actions;
      }),
      moderation: once(async () => {
        const [allowRows, muted, groups] = await Promise.all([
          store.db
            .selectFrom('list_items')
            .select('value')
            .where('pubkey', '=', viewer)
            .where('kind', '=', Kind.CategorizedPeople)
            .where('identifier', '=', 'allowlist')
            .where('tag', '=', 'p')
            .execute(),
          mutedPubkeys(store, viewer),
          moderationGroups(store, viewer, 'content'),
        ]);
        const wanted = groups.flatMap((g) => (g === 'primal_spam' ? ['spam'] : g === 'primal_nsfw' ? ['nsfw'] : []));
        return { allowed: new Set(allowRows.map((r) => r.value)), muted, wanted };
      }),
    };
    if (this.entries.size >= MAX_VIEWERS) this.entries.clear();
    this.entries.set(viewer, { seq, second, at: now, facts });
    return facts;
  }
}

/**
 * The 10000131 filtering reason for `pubkey` as seen by a viewer (semantics of `filteringReason` in
 * people-moderation.ts, from the viewer's facts): allow-listed, muted, or on a filter list they subscribe to
 * (`listedGroup` reads the profile's first group among `wanted`).
 */
export async function reasonFromFacts(
  viewer: string,
  pubkey: string,
  facts: Facts,
  listedGroup: (wanted: string[]) => Promise<string | undefined>,
): Promise<CacheEvent | undefined> {
  if (viewer === pubkey) return undefined;
  const { allowed, muted, wanted } = await facts.moderation();
  const reason = (content: unknown): CacheEvent => synth(CacheKind.FilteringReason, content);
  if (allowed.has(pubkey)) return reason({ action: 'allow', pubkey });
  if (muted.has(pubkey)) return reason({ action: 'block', pubkey });
  if (wanted.length === 0) return undefined;
  const group = await listedGroup(wanted);
  return group ? reason({ action: 'block', group: `primal_${group}` }) : undefined;
}
