import { fetchUserInfos } from '@tide/core/cache';
import { profileLink, truncatePubkey } from '@tide/core/format';
import type { User } from '@tide/core/model';
import { npubEncode } from '@tide/core/nostr';
import { Link } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useT } from '../../i18n/intl.tsx';
import styles from './note.module.css';
import { userName } from './note-author.tsx';

const named = (user?: User) => !!user && !!(user.displayName || user.name);

/**
 * "Replying to @name" above a reply. The name comes from the page; an author the page does not know is looked up
 * (`user_infos`, one request per person, shared by every note that replies to them); without a profile it is the
 * npub cut to its first 15 and last 10 characters (spec §9).
 */
export function ReplyingTo({ pubkey, user, verifiedName }: { pubkey: string; user?: User; verifiedName?: string }) {
  const t = useT();
  const known = named(user);
  const fetched = useCacheQuery(
    ['user-info', pubkey],
    (client, signal) => fetchUserInfos(client, { pubkeys: [pubkey] }, { signal }),
    { enabled: !known, staleTime: 5 * 60_000 },
  );
  const found = known ? user : fetched.data?.users[pubkey];
  const name = found && named(found) ? userName(found) : truncatePubkey(npubEncode(pubkey));
  return (
    <div className={styles.replyingTo} data-testid="replying-to">
      {t('note.replyingTo')}{' '}
      <Link to={profileLink(pubkey, verifiedName)} className={styles.mention}>
        @{name}
      </Link>
    </div>
  );
}
