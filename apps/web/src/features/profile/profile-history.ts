import { readLocalRecord, updateLocalRecord } from '../../state/local-record.ts';

/** Profiles kept in the recently-viewed history (spec §9). */
export const PROFILE_HISTORY_LIMIT = 10;

/** One recently viewed profile: key, what to show for it, and its stats when known. */
export interface ProfileHistoryEntry {
  pubkey: string;
  name: string;
  picture: string;
  stats?: { followers: number; notes: number };
}

function isEntry(value: unknown): value is ProfileHistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.pubkey === 'string' && typeof v.name === 'string' && typeof v.picture === 'string';
}

/** The viewer's recently viewed profiles, most recent first (malformed entries dropped). */
export function readProfileHistory(viewer: string | null): ProfileHistoryEntry[] {
  const list = readLocalRecord(viewer).profileHistory;
  return Array.isArray(list) ? list.filter(isEntry).slice(0, PROFILE_HISTORY_LIMIT) : [];
}

/** Puts `entry` first in `list` (removing an older copy) and keeps the 10 most recent, oldest evicted with its stats. */
export function addToHistory(list: readonly ProfileHistoryEntry[], entry: ProfileHistoryEntry): ProfileHistoryEntry[] {
  return [entry, ...list.filter((e) => e.pubkey !== entry.pubkey)].slice(0, PROFILE_HISTORY_LIMIT);
}

/** Records a profile view in the viewer's local record (other fields of the record are kept). */
export function recordProfileView(viewer: string | null, entry: ProfileHistoryEntry): ProfileHistoryEntry[] {
  const next = addToHistory(readProfileHistory(viewer), entry);
  updateLocalRecord(viewer, { profileHistory: next });
  return next;
}
