import type { Note } from '@tide/core/model';
import { getRootTag } from '@tide/core/nostr';
import type { Translate } from '../../i18n/intl.tsx';
import { follow, mute } from '../people/index.ts';
import { userName } from './note-author.tsx';

/** The note menu's people entries: follow / unfollow the author, mute / unmute them, mute the thread (not on your own notes). */
export function peopleItems(
  note: Note,
  t: Translate,
  viewer: string | null,
  following: ReadonlySet<string> | null,
  mutes: { users: readonly string[]; threads: readonly string[] },
): { id: string; label: string; run: () => void }[] {
  const author = note.pubkey;
  if (author === viewer) return [];
  const name = userName(note.user);
  const followed = following?.has(author) ?? false;
  const muted = mutes.users.includes(author);
  const root = getRootTag(note.tags)?.[1] ?? note.id;
  const items = [
    {
      id: followed ? 'unfollow' : 'follow',
      label: t(followed ? 'people.unfollowUser' : 'people.followUser', { name }),
      run: () => void follow(followed ? 'unfollow' : 'follow', [author]),
    },
    {
      id: muted ? 'unmute' : 'mute',
      label: t(muted ? 'people.unmute' : 'people.mute'),
      run: () =>
        void mute(
          { type: 'user', pubkey: author },
          !muted,
          t(muted ? 'people.unmutedUser' : 'people.mutedUser', { name }),
        ),
    },
  ];
  if (!mutes.threads.includes(root)) {
    items.push({
      id: 'mute-thread',
      label: t('people.muteThread'),
      run: () => void mute({ type: 'thread', id: root }, true, t('people.mutedThread')),
    });
  }
  return items;
}
