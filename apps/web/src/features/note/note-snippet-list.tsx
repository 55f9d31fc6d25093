import type { Note } from '@tide/core/model';
import { noteIdOf } from '@tide/core/model';
import { Link } from 'react-router';
import { userName } from './note-author.tsx';
import styles from './note-snippet-list.module.css';

/** How much of a note's text a snippet shows (two lines are shown; the rest is cut by CSS). */
const SNIPPET_CHARS = 160;

/** A compact list of notes for sidebars: author and the start of the text, each linking to its thread. */
export function NoteSnippetList({ notes, testId }: { notes: Note[]; testId: string }) {
  return (
    <ul className={styles.list} data-testid={testId}>
      {notes.map((note) => (
        <li key={note.id}>
          <Link className={styles.item} to={`/e/${noteIdOf(note.id)}`}>
            <span className={styles.author}>{userName(note.user)}</span>
            <span className={styles.text}>{note.content.slice(0, SNIPPET_CHARS)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
