import { type CommandClient, fetchList } from '@tide/core/cache';
import type { FilteringReason, Note } from '@tide/core/model';
import type { CacheEvent } from '@tide/core/nostr';
import { useMemo } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useSession, useSettings } from '../../state/stores.ts';
import { compileModeration, hidesNote, hidesUser, type ModerationScope, NO_RULES } from './moderation-rules.ts';
import { scopedMuteList, subscriptionScopes } from './subscribed-lists.ts';

/** What note lists use to apply moderation in the client. */
export interface Moderation {
  hidesUser: (pubkey: string) => boolean;
  hidesNote: (note: Note) => boolean;
  /** The notes that stay visible, in order. */
  filterNotes: (notes: readonly Note[]) => Note[];
}

/** No filtering reasons. */
const NO_REASONS: Readonly<Record<string, FilteringReason>> = {};

/** At most this many subscribed mute lists of other users are merged. */
const MAX_SUBSCRIBED_LISTS = 20;

/** The viewer's mute list plus the mute lists of users whose lists the viewer subscribed to (30000 `d=mutelists`), each at its scopes. */
export async function loadMuteLists(
  client: CommandClient,
  viewer: string,
  signal?: AbortSignal,
): Promise<CacheEvent[]> {
  const [own, subscriptions] = await Promise.all([
    fetchList(client, 'mutelist', { pubkey: viewer }, { signal }),
    fetchList(client, 'mutelists', { pubkey: viewer }, { signal }),
  ]);
  const scopes = subscriptionScopes(subscriptions, viewer);
  const owners = [...scopes.keys()].slice(0, MAX_SUBSCRIBED_LISTS);
  const others = await Promise.all(owners.map((pubkey) => fetchList(client, 'mutelist', { pubkey }, { signal })));
  // Another user's list applies at the scopes the viewer follows it at.
  const scoped = others.flatMap((events, i) =>
    events.map((e) => (e.pubkey === owners[i] ? scopedMuteList(e, scopes.get(owners[i] as string) ?? []) : e)),
  );
  return [...own, ...scoped];
}

/**
 * Client-side moderation (spec §3): the viewer's mute lists and the moderation lists of the settings hide authors
 * and notes at `scope` (`content` for feeds, threads, search; `trending` for explore). `reasons` are the page's
 * filtering reasons (the service's verdicts for moderation-list groups).
 */
export function useModeration(
  scope: ModerationScope = 'content',
  reasons: Readonly<Record<string, FilteringReason>> = NO_REASONS,
): Moderation {
  const viewer = useSession((s) => s.publicKey);
  const applyContentModeration = useSettings((s) => s.appSettings.applyContentModeration);
  const contentModeration = useSettings((s) => s.appSettings.contentModeration);
  const lists = useCacheQuery(['mute-lists', viewer], (client, signal) => loadMuteLists(client, viewer ?? '', signal), {
    enabled: viewer !== null,
    staleTime: 60_000,
  });
  const rules = useMemo(
    () =>
      viewer || applyContentModeration
        ? compileModeration(lists.data ?? [], { applyContentModeration, contentModeration })
        : NO_RULES,
    [viewer, lists.data, applyContentModeration, contentModeration],
  );
  return useMemo(() => {
    const user = (pubkey: string) => hidesUser(rules, pubkey, scope, reasons);
    const note = (n: Note) => hidesNote(rules, n, scope, reasons);
    return { hidesUser: user, hidesNote: note, filterNotes: (notes) => notes.filter((n) => !note(n)) };
  }, [rules, scope, reasons]);
}
