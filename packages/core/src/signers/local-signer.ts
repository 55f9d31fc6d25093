import { hexToBytes } from '@noble/hashes/utils.js';
import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { Nip04Error, nip04Decrypt, nip04Encrypt } from '../nostr/nip04.ts';
import { decodeNip19, nsecEncode } from '../nostr/nip19.ts';
import { getConversationKey, Nip44Error, nip44Decrypt, nip44Encrypt } from '../nostr/nip44.ts';
import { getPublicKey, signEvent } from '../nostr/sign.ts';
import { INVALID_PRIVATE_KEY_MESSAGE, type Signer, type SignerCipher, SignerError, SignerErrorCode } from './signer.ts';

/**
 * Reads a login input (spec §5): it must start with `nsec` and decode to a secret key, else SignerError
 * 'invalid-nsec' with the message 'Please enter a valid private key'. Returns the 32-byte key.
 */
export function parseNsecInput(input: string): Uint8Array {
  const value = typeof input === 'string' ? input.trim() : '';
  if (!value.startsWith('nsec')) throw new SignerError(SignerErrorCode.InvalidNsec, INVALID_PRIVATE_KEY_MESSAGE);
  try {
    const decoded = decodeNip19(value);
    if (decoded.type !== 'nsec') throw new Error('not an nsec');
    const bytes = hexToBytes(decoded.data);
    getPublicKey(bytes);
    return bytes;
  } catch {
    throw new SignerError(SignerErrorCode.InvalidNsec, INVALID_PRIVATE_KEY_MESSAGE);
  }
}

function rethrowAsBadCipher(error: unknown): never {
  if (error instanceof Nip04Error || error instanceof Nip44Error) {
    throw new SignerError(SignerErrorCode.BadCipher, error.message);
  }
  throw error;
}

/** A signer holding the secret key in memory. `forget()` drops it; later calls fail with the *-no-nsec codes. */
export class LocalSigner implements Signer {
  private secretKey: Uint8Array | null;
  private readonly conversationKeys = new Map<string, Uint8Array>();

  readonly nip04: SignerCipher = {
    encrypt: async (pubkey, plaintext) => {
      const sk = this.need(SignerErrorCode.EncryptNoNsec);
      try {
        return nip04Encrypt(sk, pubkey, plaintext);
      } catch (error) {
        return rethrowAsBadCipher(error);
      }
    },
    decrypt: async (pubkey, ciphertext) => {
      const sk = this.need(SignerErrorCode.DecryptNoNsec);
      try {
        return nip04Decrypt(sk, pubkey, ciphertext);
      } catch (error) {
        return rethrowAsBadCipher(error);
      }
    },
  };

  readonly nip44: SignerCipher = {
    encrypt: async (pubkey, plaintext) => {
      const sk = this.need(SignerErrorCode.EncryptNoNsec);
      try {
        return nip44Encrypt(plaintext, this.conversationKey(sk, pubkey));
      } catch (error) {
        return rethrowAsBadCipher(error);
      }
    },
    decrypt: async (pubkey, payload) => {
      const sk = this.need(SignerErrorCode.DecryptNoNsec);
      try {
        return nip44Decrypt(payload, this.conversationKey(sk, pubkey));
      } catch (error) {
        return rethrowAsBadCipher(error);
      }
    },
  };

  /** Wraps a 32-byte secret key (copied) or null for a signer with no key yet. */
  constructor(secretKey: Uint8Array | null) {
    if (secretKey && secretKey.length !== 32)
      throw new SignerError(SignerErrorCode.InvalidNsec, INVALID_PRIVATE_KEY_MESSAGE);
    this.secretKey = secretKey ? Uint8Array.from(secretKey) : null;
  }

  /** A signer from a login input (`nsec1...`); throws 'Please enter a valid private key' otherwise. */
  static fromNsec(input: string): LocalSigner {
    return new LocalSigner(parseNsecInput(input));
  }

  /** True while a secret key is held. */
  get hasKey(): boolean {
    return this.secretKey !== null;
  }

  /** The held key as an `nsec` (for the user's own backup after a confirmation, or a PIN vault); throws without one. */
  exportNsec(): string {
    return nsecEncode(this.need(SignerErrorCode.PubkeyNoNsec));
  }

  /** Drops the secret key (zeroing the copy) and cached conversation keys. */
  forget(): void {
    this.secretKey?.fill(0);
    this.secretKey = null;
    this.conversationKeys.clear();
  }

  async getPublicKey(): Promise<string> {
    return getPublicKey(this.need(SignerErrorCode.PubkeyNoNsec));
  }

  async signEvent(template: EventTemplate): Promise<NostrEvent> {
    return signEvent(template, this.need(SignerErrorCode.SignNoNsec));
  }

  private need(code: SignerErrorCode): Uint8Array {
    if (!this.secretKey) throw new SignerError(code);
    return this.secretKey;
  }

  private conversationKey(sk: Uint8Array, pubkey: string): Uint8Array {
    let key = this.conversationKeys.get(pubkey);
    if (!key) {
      key = getConversationKey(sk, pubkey);
      if (this.conversationKeys.size >= 256) this.conversationKeys.clear();
      this.conversationKeys.set(pubkey, key);
    }
    return key;
  }
}
