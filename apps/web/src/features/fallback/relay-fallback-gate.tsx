import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { EmptyState, Screen } from '../../app/screen.tsx';
import { useAppData } from '../../data/data-context.tsx';
import {
  fallbackPool,
  fallbackRelayUrls,
  loadHomeFromRelays,
  loadProfileFromRelays,
  loadThreadFromRelays,
  parseRelayList,
  rememberRelays,
  useCacheUnreachable,
} from '../../data/relay-fallback.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { useModeration } from '../moderation/use-moderation.ts';
import { NoteList } from '../note/note-list.tsx';
import styles from './fallback.module.css';
import type { FallbackTarget } from './fallback-target.ts';

/** Reads what `target` names from `relays`. */
function loadTarget(target: FallbackTarget, relays: string[]) {
  if (target.type === 'thread') return loadThreadFromRelays(fallbackPool(), relays, target.id);
  if (target.type === 'home') return loadHomeFromRelays(fallbackPool(), relays, target.pubkey);
  return loadProfileFromRelays(fallbackPool(), relays, target.pubkey);
}

/** The screen read from relays while the caching service is unreachable, saying so. */
function RelayFallbackScreen({ target, heading }: { target: FallbackTarget; heading: string }) {
  const t = useT();
  const relays = [...new Set([...parseRelayList(JSON.stringify(target.relays)), ...fallbackRelayUrls()])];
  const key = target.type === 'thread' ? target.id : target.pubkey;
  const query = useQuery({
    queryKey: ['relay-fallback', target.type, key, relays],
    queryFn: () => loadTarget(target, relays),
    staleTime: 5_000,
  });
  const moderation = useModeration('content', query.data?.filteringReasons);
  const user = target.type === 'profile' ? query.data?.users[target.pubkey] : undefined;
  return (
    <Screen heading={heading}>
      <p className={styles.notice} role="status" data-testid="relay-fallback-notice">
        {t('fallback.notice')}
      </p>
      {user ? (
        <p className={styles.profileName} data-testid="fallback-profile-name">
          {user.displayName || user.name}
        </p>
      ) : null}
      {query.status === 'pending' ? (
        <SkeletonList label={t('common.loading')} />
      ) : query.status === 'error' || !query.data.notes.length ? (
        <EmptyState title={t('fallback.nothing')} />
      ) : (
        <NoteList notes={moderation.filterNotes(query.data.notes)} page={query.data} />
      )}
    </Screen>
  );
}

/** Viewers whose relays were learnt in this page session. */
const learnt = new Set<string>();

/** While connected, learns the viewer's read relays (else the service's defaults) once per viewer, for the fallback. */
function useRememberRelays() {
  const { client } = useAppData();
  const viewer = useSession((s) => s.publicKey);
  const connected = useSession((s) => s.cacheStatus === 'connected');
  useEffect(() => {
    const who = viewer ?? 'guest';
    if (!connected || learnt.has(who)) return;
    learnt.add(who);
    rememberRelays(client, viewer).catch(() => learnt.delete(who));
  }, [client, viewer, connected]);
}

/**
 * Renders `children` while the caching service is reachable; once it has been unreachable for a few seconds,
 * reads `target` (a thread, a profile or a viewer's home) from the user's relays instead and says so, until the
 * service is back. A null target keeps `children`.
 */
export function RelayFallbackGate({
  target,
  heading,
  children,
}: {
  target: FallbackTarget | null;
  heading: string;
  children: ReactNode;
}) {
  const unreachable = useCacheUnreachable();
  useRememberRelays();
  if (!unreachable || !target) return children;
  return <RelayFallbackScreen target={target} heading={heading} />;
}
