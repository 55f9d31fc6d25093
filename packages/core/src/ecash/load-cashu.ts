/** The @cashu/cashu-ts module, loaded on first use (it is heavy and never needed on the first screen). */
export type CashuModule = typeof import('@cashu/cashu-ts');

let pending: Promise<CashuModule> | undefined;

/** Loads @cashu/cashu-ts once and returns it. */
export function loadCashu(): Promise<CashuModule> {
  pending ??= import('@cashu/cashu-ts');
  return pending;
}
