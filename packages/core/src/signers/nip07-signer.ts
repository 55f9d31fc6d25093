import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { EventError, EventErrorCode, hasSignedShape } from '../nostr/validate.ts';
import { verifyEvent } from '../nostr/verify.ts';
import { type Signer, type SignerCipher, SignerError, SignerErrorCode } from './signer.ts';

/** The cipher part of a NIP-07 `window.nostr` object. */
export interface Nip07Cipher {
  encrypt(pubkey: string, plaintext: string): Promise<string>;
  decrypt(pubkey: string, ciphertext: string): Promise<string>;
}

/** The NIP-07 `window.nostr` object a browser extension injects. */
export interface Nip07Extension {
  getPublicKey(): Promise<string>;
  signEvent(template: EventTemplate): Promise<NostrEvent>;
  nip04?: Nip07Cipher;
  nip44?: Nip07Cipher;
}

/** How the extension is found: a lookup (default `globalThis.nostr`), tries, pause between tries, a sleep. */
export interface ExtensionLookupOptions {
  lookup?: () => Nip07Extension | undefined;
  attempts?: number;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Lookup attempts before giving up (spec §9). */
export const EXTENSION_LOOKUP_ATTEMPTS = 4;

/** Pause between lookup attempts in ms (spec §9). */
export const EXTENSION_LOOKUP_INTERVAL_MS = 250;

function defaultLookup(): Nip07Extension | undefined {
  const candidate = (globalThis as { nostr?: unknown }).nostr;
  if (typeof candidate === 'object' && candidate !== null && 'getPublicKey' in candidate && 'signEvent' in candidate) {
    return candidate as Nip07Extension;
  }
  return undefined;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Looks for the extension up to 4 times, 250 ms apart; rejects with SignerError `no_nostr_extension`. */
export async function findNostrExtension(opts: ExtensionLookupOptions = {}): Promise<Nip07Extension> {
  const lookup = opts.lookup ?? defaultLookup;
  const attempts = opts.attempts ?? EXTENSION_LOOKUP_ATTEMPTS;
  const interval = opts.intervalMs ?? EXTENSION_LOOKUP_INTERVAL_MS;
  const sleep = opts.sleep ?? defaultSleep;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await sleep(interval);
    const found = lookup();
    if (found) return found;
  }
  throw new SignerError(SignerErrorCode.NoNostrExtension);
}

/**
 * A signer backed by a NIP-07 extension. The public key is cached once fetched; an error while fetching it clears
 * the cached key and is rethrown. Signed events are checked: no signature gives `event_not_signed`, a wrong one
 * `event_sig_not_verified`.
 */
export class Nip07Signer implements Signer {
  private pubkey: string | undefined;
  private readonly opts: ExtensionLookupOptions;

  readonly nip04: SignerCipher = {
    encrypt: (pubkey, plaintext) => this.cipher('nip04').then((c) => c.encrypt(pubkey, plaintext)),
    decrypt: (pubkey, ciphertext) => this.cipher('nip04').then((c) => c.decrypt(pubkey, ciphertext)),
  };

  readonly nip44: SignerCipher = {
    encrypt: (pubkey, plaintext) => this.cipher('nip44').then((c) => c.encrypt(pubkey, plaintext)),
    decrypt: (pubkey, ciphertext) => this.cipher('nip44').then((c) => c.decrypt(pubkey, ciphertext)),
  };

  constructor(opts: ExtensionLookupOptions = {}) {
    this.opts = opts;
  }

  /** The public key fetched last, or undefined (never fetched, or cleared by an error). */
  get cachedPublicKey(): string | undefined {
    return this.pubkey;
  }

  async getPublicKey(): Promise<string> {
    return this.pubkey ?? this.refreshPublicKey();
  }

  /** Asks the extension for the public key again (e.g. after an account switch); an error clears the cached key. */
  async refreshPublicKey(): Promise<string> {
    try {
      const ext = await findNostrExtension(this.opts);
      const pubkey = await ext.getPublicKey();
      if (typeof pubkey !== 'string' || !/^[0-9a-f]{64}$/.test(pubkey))
        throw new Error('extension returned an invalid public key');
      this.pubkey = pubkey;
      return pubkey;
    } catch (error) {
      this.pubkey = undefined;
      throw error;
    }
  }

  async signEvent(template: EventTemplate): Promise<NostrEvent> {
    const ext = await findNostrExtension(this.opts);
    const signed: unknown = await ext.signEvent({
      kind: template.kind,
      content: template.content,
      created_at: template.created_at,
      tags: template.tags,
    });
    if (!hasSignedShape(signed)) throw new EventError(EventErrorCode.NotSigned);
    if (!verifyEvent(signed)) throw new EventError(EventErrorCode.SigNotVerified);
    return signed;
  }

  private async cipher(scheme: 'nip04' | 'nip44'): Promise<Nip07Cipher> {
    const ext = await findNostrExtension(this.opts);
    const c = ext[scheme];
    if (!c) throw new SignerError(SignerErrorCode.BadCipher, `the signer extension does not support ${scheme}`);
    return c;
  }
}
