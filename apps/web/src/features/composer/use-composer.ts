import type { NostrEvent } from '@tide/core/nostr';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/intl.tsx';
import { stores, useSession } from '../../state/stores.ts';
import type { UploadedFile } from '../upload/imeta.ts';
import type { UploadOptions } from '../upload/upload-file.ts';
import { type Uploads, useUploads } from '../upload/use-uploads.ts';
import { cacheRelayUrl } from './cache-relay.ts';
import type { ComposerTarget } from './composer-store.ts';
import { clearDraft, draftKey, readDraft, saveDraft } from './drafts.ts';
import { addMentionRef, expandMentionRefs, type MentionRefs } from './mention-refs.ts';
import { buildNoteTemplate, type NoteTemplate } from './note-template.ts';

/** How sending a note ended: the signed event after a relay's OK, a failure or timeout, or null (nothing sent). */
export type SendResult = { event: NostrEvent } | { failed: 'failure' | 'timeout' } | null;

/** Sends a note (null: nothing was sent and the user was told why, e.g. the sign-in toast). */
export type SendNote = (template: NoteTemplate) => Promise<SendResult>;

/** The app's sender: the one publisher (loaded on first post), which shows the spec's toasts. */
export const publishNote: SendNote = async (template) => {
  const { publishEvent } = await import('../publish/index.ts');
  const result = await publishEvent(template);
  if (!result) return null;
  return result.success ? { event: result.event } : { failed: result.outcome === 'timeout' ? 'timeout' : 'failure' };
};

/** Options of {@link useComposer}. */
export interface UseComposerOptions {
  /** Called after a relay confirmed the note; the draft is cleared and the form emptied first. */
  onPosted?: (event: NostrEvent) => void;
  /** Injectable for tests; default {@link publishNote}. */
  send?: SendNote;
  /** Injectable for tests; default uploadFile. */
  upload?: (file: File, options: UploadOptions) => Promise<UploadedFile>;
}

/** What the composer form works with. */
export interface Composer {
  text: string;
  setText: (text: string) => void;
  /** Records that `label` (`@Name`) stands for `ref` (nostr:nprofile…); returns the text to insert. */
  addMention: (label: string, ref: string) => string;
  uploads: Uploads;
  /** Files of a restored draft (already uploaded). */
  restored: UploadedFile[];
  removeRestored: (url: string) => void;
  /** Every uploaded file the note will carry. */
  files: UploadedFile[];
  posting: boolean;
  /** Why the last post did not go out (shown in the form too: a modal hides the toasts from screen readers). */
  error: string | null;
  /** True when there is something to post and no upload is under way. */
  canPost: boolean;
  /** True when there is text or a file (cancelling asks first). */
  dirty: boolean;
  post: () => Promise<boolean>;
  /** Forgets the draft and empties the form. */
  discard: () => void;
  /** Saves the draft now (it is also saved as the user types). */
  save: () => void;
}

/**
 * The composer's state for one target: text and files, restored from the target's draft and saved back as the user
 * types (drafts.ts); `post` builds the note (note-template.ts) and sends it; success clears draft and form, a failure
 * or timeout keeps everything so the user can try again.
 */
export function useComposer(target: ComposerTarget, options: UseComposerOptions = {}): Composer {
  const t = useT();
  const pubkey = useSession((s) => s.publicKey);
  const key = draftKey(target);
  const initial = useMemo(() => readDraft(pubkey, key), [pubkey, key]);
  const [text, setText] = useState(initial?.text ?? '');
  const [refs, setRefs] = useState<MentionRefs>(initial?.userRefs ?? {});
  const [restored, setRestored] = useState<UploadedFile[]>(initial?.uploads ?? []);
  const [posting, setPosting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uploads = useUploads({ upload: options.upload });
  const done = useMemo(
    () => uploads.items.flatMap((item) => (item.status === 'done' && item.result ? [item.result] : [])),
    [uploads.items],
  );
  const files = useMemo(() => [...restored, ...done], [restored, done]);
  const changed = useRef(false);

  useEffect(() => {
    if (!changed.current) return;
    saveDraft(pubkey, key, text, files, refs);
  }, [pubkey, key, text, files, refs]);

  const update = useCallback((next: string) => {
    changed.current = true;
    setText(next);
    setError(null);
  }, []);

  const removeRestored = useCallback((url: string) => {
    changed.current = true;
    setRestored((list) => list.filter((f) => f.url !== url));
  }, []);

  const empty = () => {
    changed.current = false;
    setText('');
    setRefs({});
    setRestored([]);
    uploads.clear();
  };

  const dirty = text.trim() !== '' || files.length > 0 || uploads.items.length > 0;
  const canPost = (text.trim() !== '' || files.length > 0) && !uploads.busy && !posting;

  const post = async (): Promise<boolean> => {
    if (posting) return false;
    if (uploads.busy) {
      stores.toasts.getState().show({ kind: 'info', message: t('composer.waitUploads') });
      return false;
    }
    if (!text.trim() && files.length === 0) return false;
    changed.current = true;
    saveDraft(pubkey, key, text, files, refs);
    setPosting(true);
    setError(null);
    let result: SendResult = null;
    try {
      result = await (options.send ?? publishNote)(
        buildNoteTemplate(expandMentionRefs(text, refs), target, files, cacheRelayUrl()),
      );
    } catch {
      stores.toasts.getState().show({ kind: 'error', message: t('publish.failure') });
      result = { failed: 'failure' };
    } finally {
      setPosting(false);
    }
    if (!result) return false;
    if ('failed' in result) {
      setError(t(result.failed === 'timeout' ? 'publish.timeout' : 'publish.failure'));
      return false;
    }
    clearDraft(pubkey, key);
    empty();
    options.onPosted?.(result.event);
    return true;
  };

  return {
    text,
    setText: update,
    addMention: (label, ref) => {
      const added = addMentionRef(refs, label, ref);
      setRefs(added.refs);
      return added.insert;
    },
    uploads,
    restored,
    removeRestored,
    files,
    posting,
    error,
    canPost,
    dirty,
    post,
    discard: () => {
      clearDraft(pubkey, key);
      empty();
    },
    save: () => saveDraft(pubkey, key, text, files, refs),
  };
}
