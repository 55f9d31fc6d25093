import { humanizeNumber, safeUrl } from '@tide/core/format';
import type { User, UserStats } from '@tide/core/model';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { ZapIcon } from '../../ui/icons.tsx';
import { CheckIcon } from '../../ui/icons-more.tsx';
import { optionalLazy } from '../../ui/optional-lazy.tsx';
import { MemberBadge, useAvatarGlow } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import { NoteContent } from '../note/note-content.tsx';
import { useNip05Verified } from '../note/use-nip05.ts';
import styles from './profile.module.css';

// The author-subscription dialog comes with the premium feature, loaded once a profile is shown.
// Optional: when its code cannot be fetched (the service that serves the app is down) the profile shows without it.
const AuthorSubscribe = optionalLazy(() => import('../premium/index.ts').then((m) => m.AuthorSubscribe));

/** A website as a safe http(s) link target, or null (javascript: and other schemes are never linked). */
export function safeWebsite(website: string): string | null {
  const text = website.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  const safe = safeUrl(withScheme);
  return safe && !safe.startsWith('/') ? safe : null;
}

/** The stats row of a profile (spec §2): followers, following, zaps, sats, notes, replies, reads, relays. */
export function profileStatRows(stats: UserStats): Array<{ id: string; value: number }> {
  return [
    { id: 'followers', value: stats.followers_count },
    { id: 'following', value: stats.follows_count },
    { id: 'zaps', value: stats.total_zap_count },
    { id: 'sats', value: stats.total_satszapped },
    { id: 'notes', value: stats.note_count },
    { id: 'replies', value: stats.reply_count },
    { id: 'reads', value: stats.long_form_note_count },
    { id: 'relays', value: stats.relay_count },
  ];
}

const STAT_LABELS = {
  followers: 'profile.stat.followers',
  following: 'profile.stat.following',
  zaps: 'profile.stat.zaps',
  sats: 'profile.stat.sats',
  notes: 'profile.stat.notes',
  replies: 'profile.stat.replies',
  reads: 'profile.stat.reads',
  relays: 'profile.stat.relays',
} as const;

/** Banner, avatar, names with the nip05 badge, about (as text tokens), website, lightning address and stats. */
export function ProfileHeader({ user, stats }: { user: User; stats?: UserStats }) {
  const t = useT();
  const verified = useNip05Verified(user.nip05, user.pubkey);
  const website = safeWebsite(user.website);
  const banner = safeUrl(user.banner);
  const lightning = user.lud16 || '';
  const glow = useAvatarGlow(user.pubkey);
  return (
    <div data-testid="profile-header">
      <div className={styles.banner}>{banner ? <img className={styles.bannerImage} src={banner} alt="" /> : null}</div>
      <div className={styles.head}>
        <span className={styles.avatarRing}>
          <Avatar src={user.picture} size="xxl" glow={glow} />
        </span>
      </div>
      <div className={styles.info}>
        <div className={styles.names}>
          <h2 className={styles.displayName} data-testid="profile-name">
            {userName(user)}
          </h2>
          <MemberBadge pubkey={user.pubkey} />
          <AuthorSubscribe pubkey={user.pubkey} />
          {verified ? (
            <span data-testid="profile-nip05" title={t('note.verified', { nip05: user.nip05 })}>
              <CheckIcon size={14} /> {user.nip05}
            </span>
          ) : null}
          {user.name && user.displayName ? <span className={styles.muted}>@{user.name}</span> : null}
        </div>
        {user.about ? (
          <div className={styles.about} data-testid="profile-about">
            <NoteContent content={user.about} />
          </div>
        ) : null}
        <div className={styles.links}>
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer nofollow" data-testid="profile-website">
              {user.website}
            </a>
          ) : null}
          {lightning ? (
            <span data-testid="profile-lightning">
              <ZapIcon size={14} aria-hidden="true" /> {lightning}
            </span>
          ) : null}
        </div>
        {stats ? (
          <ul className={styles.stats} data-testid="profile-stats">
            {profileStatRows(stats).map((row) => (
              <li key={row.id} data-stat={row.id}>
                <strong>{humanizeNumber(row.value)}</strong>
                <span className={styles.muted}>{t(STAT_LABELS[row.id as keyof typeof STAT_LABELS])}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
