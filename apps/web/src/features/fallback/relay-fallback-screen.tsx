import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  type FallbackChunk,
  fallbackPool,
  mergeChunks,
  readHomeFromRelays,
  readProfileFromRelays,
  readThreadFromRelays,
} from '../../data/relay-fallback.ts';
import { fallbackRelayUrls, parseRelayList } from '../../data/relay-fallback-status.ts';
import { useT } from '../../i18n/intl.tsx';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { useModeration } from '../moderation/use-moderation.ts';
import { NoteList } from '../note/note-list.tsx';
import styles from './fallback.module.css';
import type { FallbackTarget } from './fallback-target.ts';

/** Reads what `target` names from `relays` (home and profile 20 notes at a time, from `until` back). */
function loadTarget(target: FallbackTarget, relays: string[], until?: number): Promise<FallbackChunk> {
  if (target.type === 'thread') return readThreadFromRelays(fallbackPool(), relays, target.id);
  if (target.type === 'home') return readHomeFromRelays(fallbackPool(), relays, target.pubkey, until);
  return readProfileFromRelays(fallbackPool(), relays, target.pubkey, until);
}

/** The notice a fallback screen starts with. */
export function FallbackNotice() {
  const t = useT();
  return (
    <p className={styles.notice} role="status" data-testid="relay-fallback-notice">
      {t('fallback.notice')}
    </p>
  );
}

/** The screen read from relays while the caching service is unreachable, saying so. */
export function RelayFallbackScreen({ target, heading }: { target: FallbackTarget; heading: string }) {
  const t = useT();
  const relays = [...new Set([...parseRelayList(JSON.stringify(target.relays)), ...fallbackRelayUrls()])];
  const key = target.type === 'thread' ? target.id : target.pubkey;
  const query = useInfiniteQuery({
    queryKey: ['relay-fallback', target.type, key, relays],
    queryFn: ({ pageParam }) => loadTarget(target, relays, pageParam),
    initialPageParam: undefined as number | undefined,
    // A page that ends where the last one did (20+ notes in one second) ends the paging rather than repeat it.
    getNextPageParam: (last, _all, lastUntil) => (last.next !== lastUntil ? last.next : undefined),
    staleTime: 5_000,
  });
  const merged = useMemo(() => (query.data ? mergeChunks(query.data.pages) : undefined), [query.data]);
  const moderation = useModeration('content', merged?.filteringReasons);
  const user = target.type === 'profile' ? merged?.users[target.pubkey] : undefined;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  return (
    <Screen heading={heading}>
      <FallbackNotice />
      {user ? (
        <p className={styles.profileName} data-testid="fallback-profile-name">
          {user.displayName || user.name}
        </p>
      ) : null}
      {query.status === 'pending' ? (
        <SkeletonList label={t('common.loading')} />
      ) : query.status === 'error' || !merged?.notes.length ? (
        <EmptyState title={t('fallback.nothing')} />
      ) : (
        <NoteList
          notes={moderation.filterNotes(merged.notes)}
          page={merged}
          onEndReached={loadMore}
          footer={isFetchingNextPage ? <SkeletonList label={t('common.loading')} /> : null}
        />
      )}
    </Screen>
  );
}
