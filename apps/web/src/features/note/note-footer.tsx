import { humanizeNumber } from '@tide/core/format';
import type { Note, TopZap, User } from '@tide/core/model';
import { useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { BookmarkIcon, HeartIcon, ReplyIcon, RepostIcon, ZapIcon } from '../../ui/icons.tsx';
import { openComposer } from '../composer/index.ts';
import styles from './note.module.css';
import { requireKey } from './note-actions.ts';
import type { NoteConfirmKind } from './note-confirm.tsx';
import { shownActions, useNoteOverlay } from './note-overlay.ts';
import { useBookmarked } from './use-bookmarked.ts';
import { ZapButton } from './zap-button.tsx';

// The publishing actions load on first use, so the first screen carries only the buttons.
const actions = () => import('./note-footer-actions.ts');

/** Footer of a note: replies, zaps, likes, reposts and bookmark; actions go through the publisher (guests: sign-in toast). */
export function NoteFooter({ note, onConfirm }: { note: Note; onConfirm?: (kind: NoteConfirmKind) => void }) {
  const t = useT();
  const { stats, noteActions } = note;
  const overlay = useNoteOverlay(note.id);
  const shown = shownActions(note, overlay);
  const bookmarked = useBookmarked(note);
  const auth = () => requireKey(t('auth.required'));
  return (
    <div className={styles.footer} data-testid="note-footer">
      <button
        type="button"
        className={styles.stat}
        onClick={() => auth() && openComposer({ replyTo: note })}
        aria-label={t('note.reply')}
        data-stat="replies"
        data-active={noteActions.replied || undefined}
      >
        <ReplyIcon size={16} aria-hidden="true" /> {humanizeNumber(stats.replies)}
      </button>
      <ZapButton note={note} />
      <button
        type="button"
        className={styles.stat}
        onClick={() => auth() && void actions().then((m) => m.likeNote(note))}
        aria-label={t('note.like')}
        aria-pressed={shown.liked}
        data-stat="likes"
        data-active={shown.liked || undefined}
      >
        <HeartIcon size={16} filled={shown.liked} aria-hidden="true" /> {humanizeNumber(shown.likes)}
      </button>
      <button
        type="button"
        className={styles.stat}
        onClick={() => auth() && void actions().then((m) => m.repostNote(note, t))}
        aria-label={t('note.repost')}
        data-stat="reposts"
        data-active={shown.reposted || undefined}
      >
        <RepostIcon size={16} aria-hidden="true" /> {humanizeNumber(shown.reposts)}
      </button>
      <button
        type="button"
        className={styles.stat}
        onClick={() =>
          auth() && void actions().then((m) => m.bookmarkOrAsk(note, !bookmarked, t, (kind) => onConfirm?.(kind)))
        }
        aria-label={bookmarked ? t('note.unbookmark') : t('note.bookmark')}
        aria-pressed={bookmarked}
        data-stat="bookmark"
        data-active={bookmarked || undefined}
      >
        <BookmarkIcon size={16} aria-hidden="true" />
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
        <Avatar src={users[first.pubkey]?.picture} size="xxs" pubkey={first.pubkey} />
        <ZapIcon size={14} aria-hidden="true" />
        <strong>{humanizeNumber(first.amount)}</strong>
        {first.message ? <span className={styles.topZapMessage}>{first.message}</span> : null}
      </span>
      {rest.slice(0, 4).map((zap) => (
        <span key={zap.id} className={styles.topZap} title={t('note.zapAmount', { sats: humanizeNumber(zap.amount) })}>
          <Avatar src={users[zap.pubkey]?.picture} size="xxs" pubkey={zap.pubkey} />
          {humanizeNumber(zap.amount)}
        </span>
      ))}
    </div>
  );
}
