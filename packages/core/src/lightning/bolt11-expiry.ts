/** How an invoice's expiry reads at a given moment. */
export interface Bolt11ExpiryStatus {
  expired: boolean;
  /** Whole seconds until expiry (negative once expired). */
  secondsLeft: number;
  /** 'expires in 5 minutes' or 'expired 2 hours ago'. */
  text: string;
}

const UNITS: ReadonlyArray<[string, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** A duration in its largest whole unit: '1 minute', '3 hours', '0 seconds'. */
export function humanDuration(seconds: number): string {
  const s = Math.abs(Math.trunc(seconds));
  for (const [name, size] of UNITS) {
    if (s >= size || size === 1) {
      const n = Math.floor(s / size);
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return '0 seconds';
}

/** Expiry display of an invoice ("expired … ago" / "expires in …"); `nowSec` is injectable Unix seconds. */
export function describeBolt11Expiry(
  invoice: { expiresAt: number },
  nowSec: number = Math.floor(Date.now() / 1000),
): Bolt11ExpiryStatus {
  const secondsLeft = invoice.expiresAt - Math.floor(nowSec);
  const expired = secondsLeft <= 0;
  const text = expired ? `expired ${humanDuration(secondsLeft)} ago` : `expires in ${humanDuration(secondsLeft)}`;
  return { expired, secondsLeft, text };
}
