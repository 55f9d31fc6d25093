import { readLocalRecord, updateLocalRecord } from '../../state/local-record.ts';

/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a dismissed premium reminder stays away (spec §4 "reminder interval"): seven days, as the reference client. */
export const PREMIUM_REMINDER_INTERVAL_MS = 7 * DAY_MS;

/** When `pubkey` last dismissed the premium reminder (ms since epoch; 0 when never), from their per-user local record. */
export function readPremiumReminder(pubkey: string): number {
  const value = readLocalRecord(pubkey).premiumReminder;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Stores `now` as `pubkey`'s last premium reminder in their per-user local record (other fields are kept). */
export function savePremiumReminder(pubkey: string, now = Date.now()): void {
  updateLocalRecord(pubkey, { premiumReminder: now });
}

/** True when the last reminder (`last`, ms) is older than the reminder interval at `now`. */
export function reminderDue(last: number, now = Date.now()): boolean {
  return now - last > PREMIUM_REMINDER_INTERVAL_MS;
}
