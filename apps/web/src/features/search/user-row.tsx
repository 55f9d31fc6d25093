import { profileLink, truncateNumber } from '@tide/core/format';
import type { Page } from '@tide/core/model';
import { npubEncode } from '@tide/core/nostr';
import { Link } from 'react-router';
import { Avatar } from '../../ui/avatar.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import { FollowButton } from '../people/index.ts';
import styles from './search.module.css';

/** One user of a result list (a short npub when no profile is known): avatar, name, nip05 and follower count, linking to the profile (spec §2 rule), and a Follow button unless `follow` is false. */
export function UserRow({ pubkey, page, follow = true }: { pubkey: string; page: Page; follow?: boolean }) {
  const user = page.users[pubkey];
  const followers = page.followerCounts[pubkey] ?? page.userStats[pubkey]?.followers_count;
  return (
    <li className={styles.userRow} data-testid="user-row">
      <Link to={profileLink(pubkey, page.verifiedNames[pubkey])} className={styles.userLink}>
        <Avatar src={user?.picture} size="sm" pubkey={pubkey} />
        <span className={styles.userText}>
          <span className={styles.userName}>
            {user ? userName(user) : `${npubEncode(pubkey).slice(0, 16)}…`}
            <MemberBadge pubkey={pubkey} />
          </span>
          {user?.nip05 ? <span className={styles.userNip05}>{user.nip05}</span> : null}
        </span>
        {followers !== undefined ? <span className={styles.userFollowers}>{truncateNumber(followers)}</span> : null}
      </Link>
      {follow ? (
        <span className={styles.userAction}>
          <FollowButton pubkey={pubkey} name={user ? userName(user) : npubEncode(pubkey).slice(0, 16)} size="sm" />
        </span>
      ) : null}
    </li>
  );
}
