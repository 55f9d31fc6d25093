import { readStorage, writeStorage } from './storage.ts';

/** The localStorage key of a viewer's per-user local record (spec §3; `anon` when signed out). */
export function localRecordKey(viewer: string | null): string {
  return `store_${viewer ?? 'anon'}`;
}

/** The viewer's per-user local record (empty when missing or damaged). */
export function readLocalRecord(viewer: string | null): Record<string, unknown> {
  const raw = readStorage(localRecordKey(viewer));
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Sets some fields of the viewer's per-user local record, keeping the others. */
export function updateLocalRecord(viewer: string | null, fields: Record<string, unknown>): void {
  writeStorage(localRecordKey(viewer), JSON.stringify({ ...readLocalRecord(viewer), ...fields }));
}
