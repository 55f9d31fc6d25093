import { profileLink, relativeTime } from '@tide/core/format';
import type { User } from '@tide/core/model';
import { Link } from 'react-router';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { CheckIcon } from '../../ui/icons-more.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import styles from './note.module.css';
import { useNip05Verified } from './use-nip05.ts';

/** The name shown for a user: display name, else name, else the shortened npub. */
export function userName(user: User): string {
  return user.displayName || user.name || `${user.npub.slice(0, 12)}…`;
}

/** A user's name linking to their profile (spec §2 link rule), with the nip05 badge when it verifies. */
export function UserName({ user, verifiedName }: { user: User; verifiedName?: string }) {
  const t = useT();
  const verified = useNip05Verified(user.nip05, user.pubkey);
  return (
    <span className={styles.author}>
      <Link className={styles.name} to={profileLink(user.pubkey, verifiedName)}>
        {userName(user)}
      </Link>
      <MemberBadge pubkey={user.pubkey} />
      {verified ? (
        <span className={styles.badge} title={t('note.verified', { nip05: user.nip05 })} data-testid="nip05-badge">
          <CheckIcon size={13} />
          <span className="visually-hidden">{t('note.verified', { nip05: user.nip05 })}</span>
        </span>
      ) : null}
      {verified ? <span className={styles.nip05}>{user.nip05}</span> : null}
    </span>
  );
}

/** The avatar linking to the author's profile. */
export function AuthorAvatar({ user, verifiedName }: { user: User; verifiedName?: string }) {
  return (
    <Link to={profileLink(user.pubkey, verifiedName)} className={styles.avatarLink} tabIndex={-1} aria-hidden="true">
      <Avatar src={user.picture} size="sm" pubkey={user.pubkey} />
    </Link>
  );
}

/** "5m", "3h", "Mar 5" linking to the note's thread, with the full date as a tooltip. */
export function NoteTime({ createdAt, href }: { createdAt: number; href: string }) {
  const date = new Date(createdAt * 1000);
  return (
    <Link className={styles.time} to={href} title={date.toLocaleString()}>
      <time dateTime={date.toISOString()}>{relativeTime(createdAt)}</time>
    </Link>
  );
}
