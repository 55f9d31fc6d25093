import { readStorage, writeStorage } from '../../state/storage.ts';
import { localRecordKey } from '../profile/profile-history.ts';

/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a dismissed premium reminder stays away (spec §4 "reminder interval"): seven days, as the reference client. */
export const PREMIUM_REMINDER_INTERVAL_MS = 7 * DAY_MS;

function readRecord(pubkey: string): Record<string, unknown> {
  const raw = readStorage(localRecordKey(pubkey));
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

/** When `pubkey` last dismissed the premium reminder (ms since epoch; 0 when never), from their per-user local record. */
export function readPremiumReminder(pubkey: string): number {
  const value = readRecord(pubkey).premiumReminder;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Stores `now` as `pubkey`'s last premium reminder in their per-user local record (other fields are kept). */
export function savePremiumReminder(pubkey: string, now = Date.now()): void {
  writeStorage(localRecordKey(pubkey), JSON.stringify({ ...readRecord(pubkey), premiumReminder: now }));
}

/** True when the last reminder (`last`, ms) is older than the reminder interval at `now`. */
export function reminderDue(last: number, now = Date.now()): boolean {
  return now - last > PREMIUM_REMINDER_INTERVAL_MS;
}
