import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { generateMnemonic as bip39Generate, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';

/** The message for a mnemonic that is not 12–24 English words with a valid checksum (spec §5). */
export const INVALID_MNEMONIC_MESSAGE = 'Invalid mnemonic';

/** The NIP-06 derivation path for an account: m/44'/1237'/<account>'/0/0. */
export function nip06Path(account = 0): string {
  if (!Number.isInteger(account) || account < 0 || account >= 0x80000000) throw new RangeError('invalid account index');
  return `m/44'/1237'/${account}'/0/0`;
}

/** True for 12, 15, 18, 21 or 24 English BIP-39 words with a valid checksum. */
export function isValidMnemonic(mnemonic: string): boolean {
  return validateMnemonic(mnemonic.trim().split(/\s+/).join(' '), english);
}

/** A fresh English mnemonic (128 bits of entropy = 12 words by default). */
export function generateMnemonic(strength = 128): string {
  return bip39Generate(english, strength);
}

/** The NIP-06 secret key (hex) of a mnemonic; throws 'Invalid mnemonic' when the words do not check out. */
export function secretKeyFromMnemonic(mnemonic: string, passphrase = '', account = 0): string {
  const words = mnemonic.trim().split(/\s+/).join(' ');
  if (!validateMnemonic(words, english)) throw new Error(INVALID_MNEMONIC_MESSAGE);
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(words, passphrase)).derive(nip06Path(account)).privateKey;
  if (!key) throw new Error('could not derive a secret key');
  return bytesToHex(key);
}
