import { fetchList, fetchUserInfos } from '@tide/core/cache';
import { truncatePubkey } from '@tide/core/format';
import { assemblePage } from '@tide/core/model';
import { npubEncode, toHexPubkey } from '@tide/core/nostr';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { userName } from '../note/note-author.tsx';
import { FollowMuteListButton } from '../people/index.ts';
import styles from '../search/search.module.css';
import { UserRow } from '../search/user-row.tsx';

/** The pubkeys a mute list (kind 10000) mutes, in list order, without repeats. */
export function mutedPubkeys(events: readonly { kind: number; tags?: string[][] }[]): string[] {
  const list = events.find((e) => e.kind === 10000);
  const keys = (list?.tags ?? [])
    .filter((t) => t[0] === 'p' && /^[0-9a-f]{64}$/.test(t[1] ?? ''))
    .map((t) => t[1] as string);
  return [...new Set(keys)];
}

/** Another user's mute list (`/mutelist/:npub`): the accounts it mutes, each linking to its profile. */
export function MuteListFrame({ npub }: { npub: string }) {
  const t = useT();
  const pubkey = toHexPubkey(npub.trim());
  const list = useCacheQuery(
    ['mutelist', pubkey],
    async (client, signal) => {
      const events = await fetchList(client, 'mutelist', { pubkey: pubkey ?? '', extended_response: true }, { signal });
      const page = assemblePage(events);
      return { page, pubkeys: mutedPubkeys(events) };
    },
    { enabled: pubkey !== null },
  );
  // The owner by name (their profile), else the shortened npub (spec §9), never the raw key.
  const owner = useCacheQuery(
    ['mutelist-owner', pubkey],
    (client, signal) => fetchUserInfos(client, { pubkeys: [pubkey ?? ''] }, { signal }),
    { enabled: pubkey !== null },
  );
  const user = pubkey ? owner.data?.users[pubkey] : undefined;
  const name =
    user && (user.displayName || user.name) ? userName(user) : truncatePubkey(pubkey ? npubEncode(pubkey) : npub);
  return (
    <Screen heading={t('mutelist.heading')} title={t('mutelist.title', { name })}>
      <p className={styles.message} style={{ overflowWrap: 'anywhere' }} data-testid="mutelist-owner">
        {t('mutelist.of', { npub: name })}
      </p>
      {pubkey ? <FollowMuteListButton pubkey={pubkey} /> : null}
      {!pubkey ? (
        <p role="alert" className={styles.message}>
          {t('mutelist.invalid')}
        </p>
      ) : list.status === 'pending' ? (
        <SkeletonList label={t('common.loading')} count={3} />
      ) : list.status === 'error' ? (
        <p role="alert" className={styles.message}>
          {t('feed.loadFailed')}
        </p>
      ) : list.data.pubkeys.length === 0 ? (
        <EmptyState title={t('mutelist.empty')} />
      ) : (
        <ul className={styles.userList} data-testid="mute-list">
          {list.data.pubkeys.map((pk) => (
            <UserRow key={pk} pubkey={pk} page={list.data.page} />
          ))}
        </ul>
      )}
    </Screen>
  );
}
