import { type CacheEvent, Kind } from '@tide/core/nostr';
import { useEffect, useState } from 'react';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { session } from '../../state/session.ts';
import { useSession } from '../../state/stores.ts';
import {
  type ArticleFields,
  emptyArticleFields,
  fieldsOfArticle,
  newDraftIdentifier,
  openDraft,
} from './article-events.ts';
import { readDraftBackup, readNewDraftPointer } from './draft-backup.ts';
import { loadEditorSource, parseEditorTarget } from './editor-source.ts';

/** What the editor starts from: the fields, the draft `d` it saves to, and what is already on relays. */
export interface EditorStart {
  fields: ArticleFields;
  draftId: string;
  /** The published article being edited (its event id), if any. */
  articleId?: string;
  /** True when a relay copy of the draft exists (so publishing deletes it). */
  draftSaved: boolean;
}

/** Where the editor is: loading, ready, or why it cannot open. */
export type EditorStartState =
  | { status: 'loading' }
  | { status: 'ready'; start: EditorStart }
  | { status: 'invalid' | 'missing' | 'locked' | 'failed' };

/** The newer of what the relays have and this browser's backup of the same draft. */
function withBackup(pubkey: string, start: EditorStart, savedAt: number): EditorStart {
  const backup = readDraftBackup(pubkey, start.draftId);
  return backup && backup.savedAt > savedAt ? { ...start, fields: backup.fields } : start;
}

async function startOf(event: CacheEvent, pubkey: string): Promise<EditorStart> {
  if (event.kind === Kind.Draft) {
    const signer = session.signer;
    if (!signer) throw new Error('locked');
    const draft = await openDraft(event, pubkey, signer.nip44);
    return withBackup(pubkey, { fields: draft.fields, draftId: draft.draftId, draftSaved: true }, draft.savedAt);
  }
  const fields = fieldsOfArticle(event);
  const start = { fields, draftId: fields.identifier, articleId: String(event.id), draftSaved: false };
  return withBackup(pubkey, start, Number(event.created_at ?? 0));
}

/** A new article: the draft begun in this browser before a reload, if any, else a blank one. */
function newStart(pubkey: string): EditorStart {
  const pointer = readNewDraftPointer(pubkey);
  const backup = pointer ? readDraftBackup(pubkey, pointer) : null;
  if (backup) return { fields: backup.fields, draftId: backup.draftId, draftSaved: false };
  return { fields: emptyArticleFields(), draftId: newDraftIdentifier(), draftSaved: false };
}

/**
 * Loads what `/reads/edit/:id?` opens for the signed-in `pubkey`: nothing (a new article), their article (30023) or
 * their draft (31234, decrypted with the session signer), merged with a newer backup kept in this browser.
 */
export function useEditorStart(id: string | undefined, pubkey: string | null): EditorStartState {
  const canSign = useSession((s) => s.canSign);
  const target = id ? parseEditorTarget(id) : null;
  const source = useCacheQuery(
    ['article-editor-source', id ?? '', pubkey],
    (client, signal) => (target && pubkey ? loadEditorSource(client, target, pubkey, signal) : Promise.resolve(null)),
    { enabled: Boolean(target && pubkey), staleTime: Number.POSITIVE_INFINITY },
  );
  const [held, setHeld] = useState<{ key: string; state: EditorStartState }>({ key: '', state: { status: 'loading' } });
  const key = `${id ?? ''}|${pubkey ?? ''}`;
  const setState = (next: EditorStartState) => setHeld({ key, state: next });
  const event = source.data;
  const sourceStatus = source.status;
  // biome-ignore lint/correctness/useExhaustiveDependencies: target and setState derive from id and pubkey
  useEffect(() => {
    if (!pubkey) return;
    if (!id) {
      setState({ status: 'ready', start: newStart(pubkey) });
      return;
    }
    if (!target) {
      setState({ status: 'invalid' });
      return;
    }
    if (sourceStatus === 'pending') return;
    if (sourceStatus === 'error') {
      setState({ status: 'failed' });
      return;
    }
    if (!event) {
      setState({ status: 'missing' });
      return;
    }
    if (event.kind === Kind.Draft && !canSign) {
      setState({ status: 'locked' });
      return;
    }
    let live = true;
    startOf(event, pubkey).then(
      (start) => live && setState({ status: 'ready', start }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id, pubkey, event, sourceStatus, canSign]);
  return held.key === key ? held.state : { status: 'loading' };
}
