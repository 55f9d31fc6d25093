// Ecash token entries that failed to redeem, kept in this browser so the money is not lost.

/** localStorage key of the token entries that failed to redeem (kept so nothing is lost). */
export const TOKENS_WITH_ERRORS_KEY = 'tokensWithErrors';

/** The storage the kept tokens live in (localStorage in the app). */
export type KeptTokenStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The kept tokens, oldest first; junk in storage reads as none. */
export function readKeptTokens(storage: KeptTokenStorage = localStorage): string[] {
  try {
    const parsed = JSON.parse(storage.getItem(TOKENS_WITH_ERRORS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps failed token entries in this browser (`tokensWithErrors`), newest last. */
export function keepTokensWithErrors(encoded: string, storage: KeptTokenStorage = localStorage): void {
  const list = readKeptTokens(storage);
  if (!list.includes(encoded)) list.push(encoded);
  storage.setItem(TOKENS_WITH_ERRORS_KEY, JSON.stringify(list));
}

/** Forgets one kept token (after it was redeemed, or the user discarded it). */
export function removeKeptToken(encoded: string, storage: KeptTokenStorage = localStorage): void {
  storage.setItem(TOKENS_WITH_ERRORS_KEY, JSON.stringify(readKeptTokens(storage).filter((x) => x !== encoded)));
}
