import { Kind, naddrEncode } from '@tide/core/nostr';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { session } from '../../state/session.ts';
import { requestKey } from '../account/require-sign-in.ts';
import { deleteAddressable, draftCoordinate, publishArticle, saveArticleDraft } from './article-actions.ts';
import { type ArticleFields, articleIdentifier, isBlankArticle } from './article-events.ts';
import { clearDraftBackup, writeDraftBackup, writeNewDraftPointer } from './draft-backup.ts';
import type { EditorStart } from './use-editor-start.ts';

/** How long the editor waits after the last change before it saves the draft to relays. */
export const AUTOSAVE_MS = 3000;

/** Where the relay copy of the draft stands. */
export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** What the editor form does with one article: its fields, the draft autosave, publish and delete. */
export interface ArticleDraft {
  fields: ArticleFields;
  setFields: (update: (fields: ArticleFields) => ArticleFields) => void;
  saveState: DraftSaveState;
  draftSaved: boolean;
  busy: 'publish' | 'draft' | 'delete' | null;
  saveDraft: () => Promise<void>;
  /** Publishes; resolves the article's naddr on success (the draft is then deleted), null otherwise. */
  publish: () => Promise<string | null>;
  /** Deletes the draft's relay copy and this browser's backup; true on success. */
  deleteDraft: () => Promise<boolean>;
}

/**
 * The editor's state over `start`: every change is kept in this browser at once and saved as the encrypted draft
 * {@link AUTOSAVE_MS} after typing stops (when the signer can sign); `onDraftSaved` hears the draft's first save.
 */
export function useArticleDraft(
  start: EditorStart,
  pubkey: string,
  onDraftSaved: (draftId: string) => void,
): ArticleDraft {
  const t = useT();
  const [fields, setFieldsState] = useState(start.fields);
  const [saveState, setSaveState] = useState<DraftSaveState>(start.draftSaved ? 'saved' : 'idle');
  const [draftSaved, setDraftSaved] = useState(start.draftSaved);
  const [busy, setBusy] = useState<ArticleDraft['busy']>(null);
  const current = useRef(fields);
  current.current = fields;
  const lastSaved = useRef(JSON.stringify(start.fields));
  const saving = useRef(false);
  const closed = useRef(false);
  const { draftId } = start;
  const isNew = !start.articleId && !start.draftSaved;

  const setFields = useCallback((update: (f: ArticleFields) => ArticleFields) => {
    setFieldsState((f) => update(f));
  }, []);

  // Nothing typed is lost: each change goes to this browser's backup before any relay save.
  useEffect(() => {
    if (closed.current || JSON.stringify(fields) === lastSaved.current) return;
    writeDraftBackup(pubkey, draftId, { draftId, fields, savedAt: Math.floor(Date.now() / 1000) });
    if (isNew && !draftSaved) writeNewDraftPointer(pubkey, draftId);
  }, [fields, pubkey, draftId, isNew, draftSaved]);

  const save = useCallback(
    async (manual: boolean) => {
      if (saving.current || closed.current) return;
      const snapshot = current.current;
      const json = JSON.stringify(snapshot);
      if (!manual && (json === lastSaved.current || isBlankArticle(snapshot) || !session.signer)) return;
      saving.current = true;
      setSaveState('saving');
      if (manual) setBusy('draft');
      const result = await saveArticleDraft(snapshot, draftId, {
        successMessage: manual ? t('editor.draftSaved') : null,
        failureMessage: manual ? t('editor.draftSaveFailed') : null,
        timeoutMessage: manual ? undefined : null,
        encryptFailed: t('editor.encryptFailed'),
      });
      saving.current = false;
      if (manual) setBusy(null);
      if (!result?.success) {
        setSaveState('failed');
        return;
      }
      lastSaved.current = json;
      setSaveState('saved');
      if (!draftSaved) {
        setDraftSaved(true);
        if (isNew) writeNewDraftPointer(pubkey, null);
        onDraftSaved(draftId);
      }
      if (JSON.stringify(current.current) === json) clearDraftBackup(pubkey, draftId);
    },
    [draftId, draftSaved, isNew, onDraftSaved, pubkey, t],
  );

  // Autosave: after typing stops; again after a save (saveState moves) if the text changed meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: saveState re-arms the timer once a save has finished
  useEffect(() => {
    if (closed.current || JSON.stringify(fields) === lastSaved.current || isBlankArticle(fields)) return;
    const timer = setTimeout(() => void save(false), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [fields, save, saveState]);

  const saveDraft = useCallback(async () => {
    if (!requestKey(t('auth.required'))) return;
    await save(true);
  }, [save, t]);

  const publish = useCallback(async () => {
    if (!requestKey(t('auth.required'))) return null;
    const snapshot = current.current;
    setBusy('publish');
    const result = await publishArticle(snapshot, {
      successMessage: t('editor.published'),
      failureMessage: t('editor.publishFailed'),
    });
    setBusy(null);
    if (!result?.success) return null;
    closed.current = true;
    lastSaved.current = JSON.stringify(snapshot);
    clearDraftBackup(pubkey, draftId);
    if (isNew) writeNewDraftPointer(pubkey, null);
    if (draftSaved) {
      // The draft is done with: delete its relay copy quietly (the article is already published).
      void deleteAddressable(draftCoordinate(pubkey, draftId), undefined, {
        successMessage: null,
        failureMessage: null,
        timeoutMessage: null,
      });
    }
    return naddrEncode({ kind: Kind.LongForm, pubkey, identifier: articleIdentifier(snapshot) });
  }, [draftId, draftSaved, isNew, pubkey, t]);

  const deleteDraft = useCallback(async () => {
    if (!requestKey(t('auth.required'))) return false;
    if (!draftSaved) {
      closed.current = true;
      clearDraftBackup(pubkey, draftId);
      if (isNew) writeNewDraftPointer(pubkey, null);
      return true;
    }
    setBusy('delete');
    const result = await deleteAddressable(draftCoordinate(pubkey, draftId), undefined, {
      successMessage: t('editor.draftDeleted'),
      failureMessage: t('editor.draftDeleteFailed'),
    });
    setBusy(null);
    if (!result?.success) return false;
    closed.current = true;
    clearDraftBackup(pubkey, draftId);
    return true;
  }, [draftId, draftSaved, isNew, pubkey, t]);

  return { fields, setFields, saveState, draftSaved, busy, saveDraft, publish, deleteDraft };
}
