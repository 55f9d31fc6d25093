import type { EventTemplate, NostrEvent } from '../nostr/event.ts';

/** Encrypt/decrypt for one scheme (NIP-04 or NIP-44), keyed by the other party's hex public key. */
export interface SignerCipher {
  encrypt(pubkey: string, plaintext: string): Promise<string>;
  decrypt(pubkey: string, ciphertext: string): Promise<string>;
}

/** Anything that can act for a user: a local key, a browser extension (NIP-07), ... */
export interface Signer {
  getPublicKey(): Promise<string>;
  signEvent(template: EventTemplate): Promise<NostrEvent>;
  nip04: SignerCipher;
  nip44: SignerCipher;
}

/** Signer error codes (spec §8). */
export const SignerErrorCode = {
  InvalidNsec: 'invalid-nsec',
  PubkeyNoNsec: 'pubkey-no-nsec',
  EncryptNoNsec: 'encrypt-no-nsec',
  DecryptNoNsec: 'decrypt-no-nsec',
  SignNoNsec: 'sign-no-nsec',
  NotSecureEnv: 'not-secure-env',
  BadCipher: 'bad-cipher',
  NoNostrExtension: 'no_nostr_extension',
} as const;

/** One of the signer error codes. */
export type SignerErrorCode = (typeof SignerErrorCode)[keyof typeof SignerErrorCode];

/** The login message for input that is not a valid nsec (spec §5). */
export const INVALID_PRIVATE_KEY_MESSAGE = 'Please enter a valid private key';

/** An error from a signer, carrying a spec §8 code. */
export class SignerError extends Error {
  /** The machine-readable code. */
  readonly code: SignerErrorCode;
  constructor(code: SignerErrorCode, message: string = code) {
    super(message);
    this.name = 'SignerError';
    this.code = code;
  }
}
