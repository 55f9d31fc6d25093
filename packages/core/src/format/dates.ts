const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Relative ages shown as days up to (not including) this many days; older ones show a date. */
export const RELATIVE_DAYS_LIMIT = 7;

/** Options for relativeTime: `now` in unix seconds (injectable for tests) and the time zone for dates. */
export interface RelativeTimeOptions {
  now?: number;
  timeZone?: string;
}

/**
 * A note's age, short form: "now" under a minute (and for future times), "5m", "3h", "2d" under a week, then a
 * date: "Mar 5" this year, "Mar 5, 2023" before. `timestamp` and `now` are unix seconds.
 */
export function relativeTime(timestamp: number, opts: RelativeTimeOptions = {}): string {
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const diff = now - timestamp;
  if (diff < MINUTE) return 'now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h`;
  if (diff < RELATIVE_DAYS_LIMIT * DAY) return `${Math.floor(diff / DAY)}d`;
  const date = new Date(timestamp * 1000);
  const sameYear =
    new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: opts.timeZone }).format(date) ===
    new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: opts.timeZone }).format(new Date(now * 1000));
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: sameYear ? undefined : 'numeric',
    timeZone: opts.timeZone,
  }).format(date);
}

/** A medium date ("Mar 5, 2024") for unix seconds, or '' for a missing or negative timestamp. */
export function shortDate(timestamp: number | undefined, timeZone?: string): string {
  if (!timestamp || timestamp < 0) return '';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(timestamp * 1000));
}
