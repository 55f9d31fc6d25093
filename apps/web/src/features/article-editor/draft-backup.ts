import { readStorage, writeStorage } from '../../state/storage.ts';
import type { ArticleFields } from './article-events.ts';

/** What the editor keeps in this browser between relay saves, so a reload mid-word loses nothing. */
export interface DraftBackup {
  /** The draft's `d` (its relay copy, once saved, has the same). */
  draftId: string;
  fields: ArticleFields;
  /** When it was written (seconds). */
  savedAt: number;
}

const keyOf = (pubkey: string, slot: string) => `articleDraft:${pubkey}:${slot}`;

/** The backup of the draft `slot` (its `d`); null when there is none or it cannot be read. */
export function readDraftBackup(pubkey: string, slot: string): DraftBackup | null {
  const raw = readStorage(keyOf(pubkey, slot));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as DraftBackup;
    return typeof value?.draftId === 'string' && value.fields && typeof value.savedAt === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** Writes the backup of the draft `slot`. */
export function writeDraftBackup(pubkey: string, slot: string, backup: DraftBackup): void {
  writeStorage(keyOf(pubkey, slot), JSON.stringify(backup));
}

/** Forgets the backup of the draft `slot` (after the draft reached a relay, was published or deleted). */
export function clearDraftBackup(pubkey: string, slot: string): void {
  try {
    globalThis.localStorage?.removeItem(keyOf(pubkey, slot));
  } catch {
    // storage blocked: nothing was kept either
  }
}

const pointerKey = (pubkey: string) => `articleDraftNew:${pubkey}`;

/** The `d` of the new article being written in this browser before its draft reached a relay; null when none. */
export function readNewDraftPointer(pubkey: string): string | null {
  return readStorage(pointerKey(pubkey));
}

/** Remembers (a `d`) or forgets (null) the new article being written in this browser. */
export function writeNewDraftPointer(pubkey: string, draftId: string | null): void {
  if (draftId) {
    writeStorage(pointerKey(pubkey), draftId);
    return;
  }
  try {
    globalThis.localStorage?.removeItem(pointerKey(pubkey));
  } catch {
    // storage blocked: nothing was kept either
  }
}
