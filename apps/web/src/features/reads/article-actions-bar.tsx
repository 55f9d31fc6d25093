import { buildNote, type Note, type Page } from '@tide/core/model';
import type { CacheEvent } from '@tide/core/nostr';
import { useT } from '../../i18n/intl.tsx';
import { MoreIcon } from '../../ui/icons.tsx';
import noteStyles from '../note/note.module.css';
import { NoteFooter } from '../note/note-footer.tsx';
import { useNoteMenu } from '../note/note-menu-slot.tsx';
import styles from './reads.module.css';

/**
 * The article as the note actions see it: its signed event (newest received) with the page's stats, the viewer's
 * actions and relay hint; the actions tag it with `e` and, being addressable, `a`.
 */
export function articleNote(event: CacheEvent, page: Page): Note {
  return buildNote(event, page);
}

/**
 * The article's actions, the same as a note's: reply (a comment: NIP-10 root `e` + `a`), zap, like, repost and
 * bookmark in the footer, and the note context menu (copy, quote, broadcast, delete own / report, people).
 */
export function ArticleActionsBar({ note }: { note: Note }) {
  const t = useT();
  const slot = useNoteMenu(note);
  const trigger = (
    <button
      type="button"
      className={noteStyles.menuButton}
      aria-label={t('reads.articleMenu')}
      onClick={slot.open}
      data-testid="article-menu"
    >
      <MoreIcon size={18} aria-hidden="true" />
    </button>
  );
  return (
    <div className={styles.actionsBar} data-testid="article-actions">
      <NoteFooter note={note} onConfirm={slot.confirm} />
      {slot.menu(trigger)}
      {slot.dialogs}
    </div>
  );
}
