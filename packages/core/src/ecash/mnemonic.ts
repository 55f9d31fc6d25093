import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** Word counts a wallet mnemonic may have (BIP-39). */
export const MNEMONIC_WORD_COUNTS: readonly number[] = [12, 15, 18, 21, 24];

/** The message for a mnemonic that is not 12/15/18/21/24 English words with a valid checksum. */
export const INVALID_MNEMONIC = 'Invalid mnemonic';

/** Splits a mnemonic into normalised words (lower case, single spaces). */
export function mnemonicWords(mnemonic: string): string[] {
  return mnemonic.normalize('NFKD').trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** True for 12, 15, 18, 21 or 24 English BIP-39 words with a valid checksum. */
export function isValidMnemonic(mnemonic: string): boolean {
  const words = mnemonicWords(mnemonic);
  return MNEMONIC_WORD_COUNTS.includes(words.length) && validateMnemonic(words.join(' '), wordlist);
}

/** Throws 'Invalid mnemonic' unless {@link isValidMnemonic}; returns the normalised mnemonic. */
export function assertValidMnemonic(mnemonic: string): string {
  if (!isValidMnemonic(mnemonic)) throw new Error(INVALID_MNEMONIC);
  return mnemonicWords(mnemonic).join(' ');
}

/** BIP-39 seed of a valid mnemonic (PBKDF2-HMAC-SHA512, 2048 iterations, 64 bytes); 'Invalid mnemonic' otherwise. */
export function mnemonicToWalletSeed(mnemonic: string, passphrase = ''): Uint8Array {
  return mnemonicToSeedSync(assertValidMnemonic(mnemonic), passphrase);
}
