import { readStorage, writeStorage } from '../../state/storage.ts';
import type { UploadedFile } from '../upload/imeta.ts';
import type { ComposerTarget } from './composer-store.ts';
import { type MentionRefs, usedMentionRefs } from './mention-refs.ts';

/** The draft key of a top-level note (spec §3: noteDraft has a root key for top-level notes). */
export const ROOT_DRAFT_KEY = 'root';

/** One saved draft: the text and the files already uploaded. */
export interface NoteDraft {
  text: string;
  uploads: UploadedFile[];
  /** Milliseconds since the epoch of the last change. */
  savedAt: number;
  /** What each `@Name` in the text stands for (the spec's noteDraftUserRefs). */
  userRefs: MentionRefs;
}

/** The draft key of a composer target: the replied note's id, `quote:<id>` for a quote, else the root key. */
export function draftKey(target: ComposerTarget): string {
  if (target.replyTo) return target.replyTo.id;
  if (target.quote) return `quote:${target.quote.id}`;
  return ROOT_DRAFT_KEY;
}

/** The localStorage item holding a user's note drafts (per public key, `anonymous` without one). */
export function draftStorageKey(pubkey: string | null): string {
  return `noteDraft:${pubkey ?? 'anonymous'}`;
}

function readAll(pubkey: string | null): Record<string, NoteDraft> {
  try {
    const parsed = JSON.parse(readStorage(draftStorageKey(pubkey)) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, NoteDraft>) : {};
  } catch {
    return {};
  }
}

/** The saved draft for `key`, or null. */
export function readDraft(pubkey: string | null, key: string): NoteDraft | null {
  const draft = readAll(pubkey)[key];
  if (!draft || typeof draft.text !== 'string') return null;
  const refs = draft.userRefs && typeof draft.userRefs === 'object' ? draft.userRefs : {};
  return {
    text: draft.text,
    uploads: Array.isArray(draft.uploads) ? draft.uploads : [],
    savedAt: draft.savedAt ?? 0,
    userRefs: Object.fromEntries(Object.entries(refs).filter(([, v]) => typeof v === 'string')),
  };
}

/** Saves the draft for `key`; an empty one (no text, no files) is removed instead. */
export function saveDraft(
  pubkey: string | null,
  key: string,
  text: string,
  uploads: readonly UploadedFile[],
  userRefs: MentionRefs = {},
): void {
  const all = readAll(pubkey);
  if (!text.trim() && uploads.length === 0) delete all[key];
  else all[key] = { text, uploads: [...uploads], savedAt: Date.now(), userRefs: usedMentionRefs(text, userRefs) };
  writeStorage(draftStorageKey(pubkey), JSON.stringify(all));
}

/** Removes the draft for `key` (after posting, or Discard). */
export function clearDraft(pubkey: string | null, key: string): void {
  const all = readAll(pubkey);
  if (!(key in all)) return;
  delete all[key];
  writeStorage(draftStorageKey(pubkey), JSON.stringify(all));
}
