import { type Note as NoteModel, noteIdOf, type Page } from '@tide/core/model';
import { memo } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { MoreIcon } from '../../ui/icons.tsx';
import styles from './note.module.css';
import { AuthorAvatar, NoteTime, UserName, userName } from './note-author.tsx';
import { NoteContent } from './note-content.tsx';
import { NoteFooter, TopZaps } from './note-footer.tsx';
import { useNoteMenu } from './note-menu-slot.tsx';
import { useNoteOverlay } from './note-overlay.ts';
import { ReplyingTo } from './replying-to.tsx';

/** The event a note replies to: the NIP-10 `reply` marker, else the last unmarked `e` tag, else the root. */
export function replyTargetPubkey(note: NoteModel): string | undefined {
  const p = note.tags.filter((t) => t[0] === 'p' && t[1]);
  const isReply = note.tags.some((t) => t[0] === 'e' && t[3] !== 'mention');
  return isReply ? p[p.length - 1]?.[1] : undefined;
}

/** Props of {@link Note}. */
export interface NoteProps {
  note: NoteModel;
  /** The page the note came from: profiles, mentions, link metadata, media variants, top zaps. */
  page?: Page;
  /** `feed` in lists, `primary` for a thread's main note. */
  variant?: 'feed' | 'primary';
}

/** One note: reposter, author (avatar, name, nip05 badge), time, "replying to", content, top zaps, footer, menu. */
export const Note = memo(function Note({ note, page, variant = 'feed' }: NoteProps) {
  const t = useT();
  const slot = useNoteMenu(note);
  const deleted = useNoteOverlay(note.id).deleted;
  const href = `/e/${noteIdOf(note.id)}`;
  const replyTo = replyTargetPubkey(note);
  const replyUser = replyTo ? page?.users[replyTo] : undefined;
  const trigger = (
    <button type="button" className={styles.menuButton} aria-label={t('note.menu.open')} onClick={slot.open}>
      <MoreIcon size={18} aria-hidden="true" />
    </button>
  );
  if (deleted) return null;
  return (
    <article className={styles.note} data-note-id={note.id} data-variant={variant} data-testid="note">
      {note.repost ? (
        <div className={styles.repostedBy} data-testid="reposted-by">
          {t('note.repostedBy', { name: userName(note.repost.user) })}
        </div>
      ) : null}
      <div className={styles.row}>
        <AuthorAvatar user={note.user} verifiedName={page?.verifiedNames[note.pubkey]} />
        <div className={styles.main}>
          <header className={styles.header}>
            <UserName user={note.user} verifiedName={page?.verifiedNames[note.pubkey]} />
            <NoteTime createdAt={note.created_at} href={href} />
            <span className={styles.menuSlot}>{slot.menu(trigger)}</span>
          </header>
          {replyTo ? (
            <ReplyingTo pubkey={replyTo} user={replyUser} verifiedName={page?.verifiedNames[replyTo]} />
          ) : null}
          <NoteContent content={note.content} tags={note.tags} page={page} />
          {page?.topZaps[note.id]?.length ? <TopZaps zaps={page.topZaps[note.id]} users={page.users} /> : null}
          <NoteFooter note={note} onConfirm={slot.confirm} />
        </div>
      </div>
      {slot.dialogs}
    </article>
  );
});
