import { humanizeNumber } from '@tide/core/format';
import type { Note, TopZap, User } from '@tide/core/model';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { ZapIcon } from '../../ui/icons.tsx';
import styles from './note.module.css';
import { requireKey } from './note-actions.ts';

/** Footer of a note: replies, likes, reposts and zaps (sats) with their buttons; guests get the sign-in toasts. */
export function NoteFooter({ note }: { note: Note }) {
  const t = useT();
  const { stats, noteActions } = note;
  const auth = () => requireKey(t('auth.required'));
  return (
    <div className={styles.footer} data-testid="note-footer">
      <button type="button" className={styles.stat} onClick={auth} aria-label={t('note.reply')} data-stat="replies">
        <span aria-hidden="true">💬</span> {humanizeNumber(stats.replies)}
      </button>
      <button
        type="button"
        className={styles.stat}
        onClick={() => requireKey(t('note.zapNeedsLogin'))}
        aria-label={t('note.zap')}
        data-stat="zaps"
        data-active={noteActions.zapped || undefined}
      >
        <ZapIcon size={16} aria-hidden="true" /> {humanizeNumber(stats.satszapped)}
      </button>
      <button
        type="button"
        className={styles.stat}
        onClick={auth}
        aria-label={t('note.like')}
        data-stat="likes"
        data-active={noteActions.liked || undefined}
      >
        <span aria-hidden="true">♡</span> {humanizeNumber(stats.likes)}
      </button>
      <button
        type="button"
        className={styles.stat}
        onClick={auth}
        aria-label={t('note.repost')}
        data-stat="reposts"
        data-active={noteActions.reposted || undefined}
      >
        <span aria-hidden="true">⟲</span> {humanizeNumber(stats.reposts)}
      </button>
    </div>
  );
}

/** The biggest zaps of a note: the top one with its message, then the next avatars. */
export function TopZaps({ zaps, users }: { zaps: readonly TopZap[]; users: Record<string, User> }) {
  const t = useT();
  if (!zaps.length) return null;
  const [first, ...rest] = zaps;
  return (
    <div className={styles.topZaps} data-testid="top-zaps">
      <span className={styles.topZap}>
        <Avatar src={users[first.pubkey]?.picture} size="xxs" />
        <ZapIcon size={14} aria-hidden="true" />
        <strong>{humanizeNumber(first.amount)}</strong>
        {first.message ? <span className={styles.topZapMessage}>{first.message}</span> : null}
      </span>
      {rest.slice(0, 4).map((zap) => (
        <span key={zap.id} className={styles.topZap} title={t('note.zapAmount', { sats: humanizeNumber(zap.amount) })}>
          <Avatar src={users[zap.pubkey]?.picture} size="xxs" />
          {humanizeNumber(zap.amount)}
        </span>
      ))}
    </div>
  );
}
