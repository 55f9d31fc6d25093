/** Upper bound of the wait between two reconnect attempts while the caching service stays unreachable. */
export const RECONNECT_MAX_MS = 5000;

/**
 * Wait before reconnect attempt `failures` (0 = the first, after a connection was lost): the spec's 200 ms first
 * retry, then doubling up to {@link RECONNECT_MAX_MS}, each later wait drawn between half and all of its step
 * (jitter, so many clients do not come back in step).
 */
export function reconnectDelay(failures: number, firstMs: number, random: () => number = Math.random): number {
  if (failures <= 0) return firstMs;
  const step = Math.min(RECONNECT_MAX_MS, firstMs * 2 ** failures);
  return Math.round(step / 2 + (random() * step) / 2);
}
