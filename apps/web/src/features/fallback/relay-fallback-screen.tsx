import { useQuery } from '@tanstack/react-query';
import { EmptyState, Screen } from '../../app/screen.tsx';
import {
  fallbackPool,
  loadHomeFromRelays,
  loadProfileFromRelays,
  loadThreadFromRelays,
} from '../../data/relay-fallback.ts';
import { fallbackRelayUrls, parseRelayList } from '../../data/relay-fallback-status.ts';
import { useT } from '../../i18n/intl.tsx';
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
  const query = useQuery({
    queryKey: ['relay-fallback', target.type, key, relays],
    queryFn: () => loadTarget(target, relays),
    staleTime: 5_000,
  });
  const moderation = useModeration('content', query.data?.filteringReasons);
  const user = target.type === 'profile' ? query.data?.users[target.pubkey] : undefined;
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
      ) : query.status === 'error' || !query.data.notes.length ? (
        <EmptyState title={t('fallback.nothing')} />
      ) : (
        <NoteList notes={moderation.filterNotes(query.data.notes)} page={query.data} />
      )}
    </Screen>
  );
}
