const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function oneDecimal(value: number): string {
  // floor to one decimal so 99,999 never rounds up to "100k"
  const floored = Math.floor(value * 10) / 10;
  return Number.isInteger(floored) ? String(floored) : floored.toFixed(1);
}

/**
 * Humanises a count (spec §9): under 10,000 in full ("9,999"), then "12.3k" up to 100k, "123k" up to a million,
 * "1.2m" up to 100 million, then "123m". Negative and non-finite input falls back to the plain number.
 */
export function humanizeNumber(n: number): string {
  if (!Number.isFinite(n) || n < 0) return String(n);
  if (n < 10_000) return grouping.format(n);
  if (n < 100_000) return `${oneDecimal(n / 1_000)}k`;
  if (n < 1_000_000) return `${Math.floor(n / 1_000)}k`;
  if (n < 100_000_000) return `${oneDecimal(n / 1_000_000)}m`;
  return `${grouping.format(Math.floor(n / 1_000_000))}m`;
}

/** Options for truncateNumber: from which power of 1,000 to abbreviate (1 = thousands), and decimals (0 or 1). */
export interface TruncateNumberOptions {
  from?: 1 | 2 | 3 | 4;
  decimals?: 0 | 1;
}

/**
 * The other truncation form (spec §9): below the threshold in full, then K, M, B, and "1T+" from a trillion.
 * `decimals: 1` gives the short one-decimal form ("1.5K"); the default floors ("1K").
 */
export function truncateNumber(n: number, opts: TruncateNumberOptions = {}): string {
  if (!Number.isFinite(n) || n < 0) return String(n);
  const from = opts.from ?? 1;
  const decimals = opts.decimals ?? 0;
  if (n < 1_000 ** from) return grouping.format(n);
  if (n >= 1e12) return '1T+';
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (n >= size) {
      const v = n / size;
      return decimals === 1
        ? `${(Math.floor(v * 10) / 10).toFixed(1)}${suffix}`
        : `${grouping.format(Math.floor(v))}${suffix}`;
    }
  }
  return grouping.format(n);
}

/** '99+' counter cap for the new-notes button (spec §9). */
export const NEW_NOTES_COUNTER_CAP = 99;

/** '99+' counter cap for the new-notifications button (spec §9). */
export const NOTIFICATIONS_COUNTER_CAP = 100;

/** A badge label: '99+' once `n` reaches `cap` (99 for new notes, 100 for notifications), else the number. */
export function counterLabel(n: number, cap: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0';
  return n >= cap ? '99+' : String(Math.floor(n));
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size in bytes as "512 B", "1.5 KB", "20 MB" ... up to TB (1024-based, one decimal below 10). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown =
    unit === 0
      ? String(Math.round(value))
      : value < 10
        ? String(Math.round(value * 10) / 10)
        : String(Math.round(value));
  return `${shown} ${SIZE_UNITS[unit]}`;
}
