import { type Note, noteEvent, noteIdOf } from '@tide/core/model';
import type { MessageId } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { requestKey } from '../account/require-sign-in.ts';

/** What the context menu can copy, and the toast each copy shows. */
export const COPY_TOASTS = {
  link: 'note.copied.link',
  text: 'note.copied.text',
  id: 'note.copied.id',
  raw: 'note.copied.raw',
  npub: 'note.copied.npub',
} as const satisfies Record<string, MessageId>;

/** One of the things the note menu copies. */
export type CopyWhat = keyof typeof COPY_TOASTS;

/** The text copied for `what`: thread link on this origin, content, note1 id, raw signed event JSON, author npub. */
export function copyText(note: Note, what: CopyWhat, origin = globalThis.location?.origin ?? ''): string {
  switch (what) {
    case 'link':
      return `${origin}/e/${noteIdOf(note.id)}`;
    case 'text':
      return note.content;
    case 'id':
      return noteIdOf(note.id);
    case 'raw':
      return JSON.stringify(noteEvent(note));
    case 'npub':
      return note.user.npub;
  }
}

/** Copies to the clipboard and shows the confirmation toast (success, 2000 ms). */
export async function copyWithToast(text: string, message: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard refused (insecure context); the toast still confirms what was meant, matching the reference.
  }
  stores.toasts.getState().show({ kind: 'success', message });
}

/** True when the key can sign; a PIN-stored key asks for its PIN; otherwise shows `message` (an auth toast). */
export function requireKey(message: string): boolean {
  return requestKey(message);
}
