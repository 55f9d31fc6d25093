import { type CacheEvent, CacheKind, Kind } from '@tide/core/nostr';
import { allNoteActions } from '../commands/bundle-events.ts';
import { synth } from '../commands/content-common.ts';
import { type MuteRules, readMuteRules } from '../commands/content-mutes.ts';
import { moderationGroups, mutedPubkeys } from '../commands/people-moderation.ts';
import { type ReuseLimits, reusable } from '../reuse-rule.ts';
import type { Store } from '../store/index.ts';
import { DependencyIndex, type Tracked } from './dep-index.ts';

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

interface Entry extends Tracked {
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

/** A change's dependency keys (null: everything) at a change sequence, as the answer cache gets them. */
export type ChangeListener = (keys: ReadonlySet<string> | null, seq: number) => void;

/**
 * What a viewer's facts read besides what only their own events write (their mute, allow and other lists, which facts
 * are never kept across): their settings (`v:`, a settings poke), their actions (`x:`, also zaps they sent, whose
 * receipts others sign) and their current lists (`p:`).
 */
export function factKeys(viewer: string): string[] {
  return [`p:${viewer}`, `v:${viewer}`, `x:${viewer}`];
}

/**
 * Per-viewer facts kept by the answer cache's reuse rule and never across the viewer's own write. With `changes` (the
 * server's change keys), facts no change touched (`factKeys`) are exact whatever else was written and kept up to
 * maxAgeMs, as answers with dependencies are; without, and once touched, exact while the store is unchanged (up to
 * maxAgeMs), else within the clock second and ttlMs after a change.
 */
export class ViewerFacts {
  private readonly entries = new Map<string, Entry>();
  private readonly deps = new DependencyIndex<Entry>();
  private heldActions = 0;
  private readonly followsChanges: boolean;

  constructor(
    private readonly store: Store,
    private readonly limits: ReuseLimits,
    private readonly writtenAt: (pubkey: string) => number,
    /** Subscribes a listener to the server's change keys (see `factKeys`). */
    changes?: (listener: ChangeListener) => void,
  ) {
    this.followsChanges = changes !== undefined;
    changes?.((keys, seq) => this.deps.change(keys, seq));
  }

  /** The facts of `viewer` at change sequence `seq` and server second `second`. */
  of(viewer: string, seq: number, second: number): Facts {
    const now = Date.now();
    const known = this.entries.get(viewer);
    const exact = known && this.followsChanges ? !known.touched : undefined;
    if (known && known.seq >= this.writtenAt(viewer) && reusable(known, now, second, seq, this.limits, exact)) {
      return known.facts;
    }
    if (known) this.deps.untrack(known);
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
        if (this.heldActions > MAX_HELD_ACTIONS) this.forgetAll();
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
    if (this.entries.size >= MAX_VIEWERS) this.forgetAll();
    const entry: Entry = { seq, second, at: now, facts, touched: false };
    if (this.followsChanges) this.deps.track(entry, factKeys(viewer), seq);
    this.entries.set(viewer, entry);
    return facts;
  }

  /** Forgets every viewer's facts (bounds the memory they take). */
  private forgetAll(): void {
    for (const entry of this.entries.values()) this.deps.untrack(entry);
    this.entries.clear();
    this.heldActions = 0;
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
