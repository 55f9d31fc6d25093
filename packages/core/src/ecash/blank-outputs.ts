/** NUT-08 number of blank outputs for a fee reserve: ceil(log2(fee)), at least 1 (spec §9). */
export function blankOutputCount(feeReserve: number): number {
  if (!Number.isFinite(feeReserve) || feeReserve < 0) throw new Error('Fee reserve must be a non-negative number');
  return Math.max(1, Math.ceil(Math.log2(feeReserve)));
}
