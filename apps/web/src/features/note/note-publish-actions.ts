import { type Note, noteEvent } from '@tide/core/model';
import { SETTINGS_CLIENT_NAME } from '../../data/guest-settings.ts';
import type { Translate } from '../../i18n/intl.tsx';
import { stores } from '../../state/stores.ts';
import { publishEvent, publishSigned, signEvent } from '../publish/index.ts';
import { coordinateOf } from './bookmark-store.ts';
import { noteOverlay } from './note-overlay.ts';

export { coordinateOf };

// The signed-in actions on a note (issue 14): each goes through the one publisher, and the note's counters and the
// viewer's state change only after a relay's OK.

/** The part of a note (or article) the actions need. */
export type ActionTarget = Pick<Note, 'id' | 'pubkey' | 'kind' | 'tags' | 'noteActions'> &
  Partial<Pick<Note, 'content' | 'created_at' | 'sig' | 'relayHints'>>;

const pending = new Set<string>();

/** The tags that point at a note or article: `e` (with a relay hint), `a` for addressable ones, `p` and `k`. */
export function targetTags(target: ActionTarget): string[][] {
  const hint = target.relayHints?.[0] ?? '';
  const tags: string[][] = [
    ['e', target.id, hint],
    ['p', target.pubkey],
  ];
  const coordinate = coordinateOf(target);
  if (coordinate) tags.push(['a', coordinate, hint]);
  tags.push(['k', String(target.kind)]);
  return tags;
}

async function once<T>(key: string, run: () => Promise<T>): Promise<T | undefined> {
  if (pending.has(key)) return undefined;
  pending.add(key);
  try {
    return await run();
  } finally {
    pending.delete(key);
  }
}

/** Like (kind 7 '+'): ignored when already liked (or a like is on its way); shown only after a relay's OK. */
export async function likeNote(target: ActionTarget): Promise<boolean> {
  if (target.noteActions.liked || noteOverlay.getState().byId[target.id]?.liked) return false;
  const result = await once(`like:${target.id}`, () =>
    publishEvent({ kind: 7, content: '+', tags: targetTags(target) }, { successMessage: null }),
  );
  if (!result?.success) return false;
  noteOverlay.getState().mark(target.id, { liked: true });
  return true;
}

/** Repost (kind 6 with the note as content; 16 for other kinds): 'Reposted successfully' / 'Failed to repost'. */
export async function repostNote(target: Note, t: Translate): Promise<boolean> {
  const kind = target.kind === 1 ? 6 : 16;
  const result = await once(`repost:${target.id}`, () =>
    publishEvent(
      { kind, content: JSON.stringify(noteEvent(target)), tags: targetTags(target) },
      {
        successMessage: t('note.reposted'),
        failureMessage: t('note.repostFailed'),
        timeoutMessage: t('note.repostFailed'),
      },
    ),
  );
  if (!result?.success) return false;
  noteOverlay.getState().mark(target.id, { reposted: true });
  return true;
}

/** Broadcast: sends the note as signed to the user's relays ('Note has been broadcasted to your relays'). */
export async function broadcastNote(target: Note, t: Translate): Promise<boolean> {
  const failed = t('note.broadcastFailed');
  const result = await publishSigned(noteEvent(target), {
    successMessage: t('note.broadcasted'),
    failureMessage: failed,
    timeoutMessage: failed,
    importAfter: false,
  });
  return result?.success === true;
}

/** Report (NIP-56 kind 1984 'spam' on the note and author) and `report_user` to the caching service. */
export async function reportNote(target: ActionTarget, name: string, t: Translate): Promise<boolean> {
  const tags = [
    ['e', target.id, 'spam'],
    ['p', target.pubkey, 'spam'],
  ];
  const result = await publishEvent(
    { kind: 1984, content: '', tags },
    { successMessage: t('note.reportedUser', { name }), importAfter: true },
  );
  if (!result?.success) return false;
  const request = await signEvent({
    kind: 30078,
    content: JSON.stringify({ description: 'report user', pubkey: target.pubkey }),
    tags: [['d', SETTINGS_CLIENT_NAME, 'report_user']],
  });
  if (request) {
    const { getAppData } = await import('../../data/app-data-instance.ts');
    await getAppData()
      .client.request('report_user', { pubkey: target.pubkey, event_from_user: request }, { timeoutMs: 8000 })
      .catch(() => undefined);
  }
  return true;
}

/** Delete the viewer's own note or article (kind 5: `e`, and `a` for addressable ones); hidden once a relay OKs. */
export async function deleteNote(target: ActionTarget, t: Translate): Promise<boolean> {
  if (target.pubkey !== stores.session.getState().publicKey) return false;
  const tags: string[][] = [['e', target.id]];
  const coordinate = coordinateOf(target);
  if (coordinate) tags.push(['a', coordinate]);
  tags.push(['k', String(target.kind)]);
  const result = await once(`delete:${target.id}`, () =>
    publishEvent({ kind: 5, content: '', tags }, { successMessage: t('note.deleted') }),
  );
  if (!result?.success) return false;
  noteOverlay.getState().mark(target.id, { deleted: true });
  if (coordinate) noteOverlay.getState().mark(coordinate, { deleted: true });
  return true;
}
