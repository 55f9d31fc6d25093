import { type Note, noteEvent, noteIdOf } from '@tide/core/model';
import { naddrEncode } from '@tide/core/nostr';
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

/** The naddr of an addressable event (an article: kinds 30000-39999, by its `d`), else undefined. */
function addressOf(note: Note): string | undefined {
  if (note.kind < 30000 || note.kind >= 40000) return undefined;
  const identifier = note.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  return naddrEncode({ kind: note.kind, pubkey: note.pubkey, identifier });
}

/**
 * The text copied for `what`: thread link on this origin, content, note1 id, raw signed event JSON, author npub; an
 * article's link is /a/<naddr> and its id the naddr.
 */
export function copyText(note: Note, what: CopyWhat, origin = globalThis.location?.origin ?? ''): string {
  switch (what) {
    case 'link':
      return addressOf(note) ? `${origin}/a/${addressOf(note)}` : `${origin}/e/${noteIdOf(note.id)}`;
    case 'text':
      return note.content;
    case 'id':
      return addressOf(note) ?? noteIdOf(note.id);
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
