/** A membership product the service sells (spec §9 prices). */
export interface MembershipProduct {
  id: string;
  label: string;
  /** Months of premium it adds; 0 for Legend (premium for good). */
  months: number;
  /** Fixed price in USD; undefined when the buyer chooses the amount (Legend, at least `minUsd`). */
  priceUsd?: number;
  minUsd?: number;
  tier: 'premium' | 'premium-legend';
}

/** The products: 3 months at $7 a month, 12 months at $6 a month, Legend for $1000 or more. */
export const MEMBERSHIP_PRODUCTS: readonly MembershipProduct[] = [
  { id: '3-months-premium', label: '3 Months of Premium', months: 3, priceUsd: 21, tier: 'premium' },
  { id: '12-months-premium', label: '12 Months of Premium', months: 12, priceUsd: 72, tier: 'premium' },
  { id: 'legend-premium', label: 'Primal Legend', months: 0, minUsd: 1000, tier: 'premium-legend' },
];

/** The product with this id, or undefined. */
export function productById(id: unknown): MembershipProduct | undefined {
  return MEMBERSHIP_PRODUCTS.find((p) => p.id === id);
}

/** Premium names: 3 to 32 of a-z, 0-9, `_`, `-`, `.` (lower-cased). */
export const MEMBER_NAME = /^[a-z0-9_.-]{3,32}$/;

/** Bytes per upload a member may send (1 GB) and store (100 GB); regular accounts 100 MB per upload. */
export const MEMBER_UPLOAD_LIMIT = 1024 * 1024 * 1024;
/** Media storage of a member (100 GB). */
export const MEMBER_STORAGE_LIMIT = 100 * 1024 * 1024 * 1024;
/** Upload limit of a regular account (100 MB). */
export const REGULAR_UPLOAD_LIMIT = 100 * 1024 * 1024;

/** Days of one month of premium. */
export const MONTH_SECONDS = 30 * 24 * 3600;

/** Satoshis for an amount in USD at `rate` USD per BTC (rounded up, at least 1). */
export function usdToSats(usd: number, rate: number): number {
  return Math.max(1, Math.ceil((usd / rate) * 100_000_000));
}
