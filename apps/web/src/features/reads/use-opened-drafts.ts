import type { Draft } from '@tide/core/model';
import { useEffect, useState } from 'react';
import { session } from '../../state/session.ts';
import { useSession } from '../../state/stores.ts';
import { type ArticleFields, openDraft } from '../article-editor/index.ts';

/** A draft as its owner sees it: the fields decrypted, or `failed` when it cannot be read (another signer, damage). */
export interface OpenedDraftView {
  draft: Draft;
  /** The draft's `d`. */
  draftId: string;
  fields: ArticleFields | null;
  failed: boolean;
}

const cache = new Map<string, Promise<{ draftId: string; fields: ArticleFields }>>();

/**
 * The owner's drafts decrypted with the session signer (NIP-44 to self), each once per page load; while the key is
 * locked (or a draft is someone else's) `fields` stays null.
 */
export function useOpenedDrafts(drafts: readonly Draft[], owner: string): OpenedDraftView[] {
  const canSign = useSession((s) => s.canSign);
  const viewer = useSession((s) => s.publicKey);
  const [opened, setOpened] = useState<Record<string, { draftId: string; fields: ArticleFields } | 'failed'>>({});
  useEffect(() => {
    const signer = session.signer;
    if (!canSign || !signer || viewer !== owner) return;
    let live = true;
    for (const draft of drafts) {
      let job = cache.get(draft.id);
      if (!job) {
        job = openDraft({ ...draft, tags: [['d', draft.identifier]] }, owner, signer.nip44);
        cache.set(draft.id, job);
        job.catch(() => cache.delete(draft.id));
      }
      job.then(
        (value) => live && setOpened((o) => ({ ...o, [draft.id]: value })),
        () => live && setOpened((o) => ({ ...o, [draft.id]: 'failed' })),
      );
    }
    return () => {
      live = false;
    };
  }, [drafts, owner, canSign, viewer]);
  return drafts.map((draft) => {
    const value = opened[draft.id];
    if (value === 'failed') return { draft, draftId: draft.identifier, fields: null, failed: true };
    return { draft, draftId: value?.draftId ?? draft.identifier, fields: value?.fields ?? null, failed: false };
  });
}
