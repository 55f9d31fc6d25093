import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { EventTemplate, NostrEvent } from '../nostr/event.ts';
import { nip04Decrypt } from '../nostr/nip04.ts';
import { getConversationKey, nip44Decrypt, nip44Encrypt } from '../nostr/nip44.ts';
import { generateSecretKey, getPublicKey, signEvent } from '../nostr/sign.ts';
import { verifyEvent } from '../nostr/verify.ts';
import { RelayPool } from '../relay/relay-pool.ts';
import type { RelaySubscription } from '../relay/relay-types.ts';
import type { WebSocketConstructor } from '../relay/socket.ts';
import { type BunkerPointer, NIP46_KIND, type NostrConnectParams, nostrConnectUri } from './nip46-uri.ts';
import type { Signer, SignerCipher } from './signer.ts';

/** What a NIP-46 session needs to come back after a reload (the client key is secret: keep it encrypted). */
export interface Nip46State {
  /** The client's own secret key (hex), made for this session; not the user's key. */
  clientSecret: string;
  remotePubkey: string;
  relays: string[];
  /** The user's public key, as the remote signer gave it. */
  userPubkey: string;
}

/** Options of a {@link Nip46Signer}. */
export interface Nip46Options {
  WebSocket?: WebSocketConstructor;
  /** How long one request waits for the remote signer (it may ask its user first); default 60 s. */
  timeoutMs?: number;
  /** The remote signer asks the user to open this address to approve (`auth_url`). */
  onAuthUrl?: (url: string) => void;
}

/** A remote signer that did not answer, refused, or answered something unusable. */
export class Nip46Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Nip46Error';
  }
}

interface Pending {
  method: string;
  resolve: (result: string) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * A signer whose key lives elsewhere (NIP-46 remote signing: a phone app, a hardware signer, a bunker): every request
 * is a kind 24133 event NIP-44-encrypted to the remote signer, sent over its relays, and answered the same way. Make
 * one with {@link Nip46Signer.connectBunker} (`bunker://` URL), {@link Nip46Signer.waitForConnect} (`nostrconnect://`
 * QR code) or {@link Nip46Signer.restore} (a saved session).
 */
export class Nip46Signer implements Signer {
  readonly #clientSecret: Uint8Array;
  readonly #clientPubkey: string;
  readonly #relays: string[];
  readonly #pool: RelayPool;
  readonly #timeoutMs: number;
  readonly #onAuthUrl?: (url: string) => void;
  readonly #pending = new Map<string, Pending>();
  readonly #subs = new Map<string, RelaySubscription>();
  #remotePubkey: string;
  #userPubkey: string | null;
  #listening: Promise<void> | null = null;
  #connectSecret: string | null = null;
  #onConnect: ((remotePubkey: string) => void) | null = null;
  #closed = false;

  readonly nip04: SignerCipher = {
    encrypt: (pubkey, plaintext) => this.request('nip04_encrypt', [pubkey, plaintext]),
    decrypt: (pubkey, ciphertext) => this.request('nip04_decrypt', [pubkey, ciphertext]),
  };

  readonly nip44: SignerCipher = {
    encrypt: (pubkey, plaintext) => this.request('nip44_encrypt', [pubkey, plaintext]),
    decrypt: (pubkey, ciphertext) => this.request('nip44_decrypt', [pubkey, ciphertext]),
  };

  private constructor(
    clientSecret: Uint8Array,
    remotePubkey: string,
    relays: string[],
    userPubkey: string | null,
    options: Nip46Options,
  ) {
    this.#clientSecret = Uint8Array.from(clientSecret);
    this.#clientPubkey = getPublicKey(this.#clientSecret);
    this.#remotePubkey = remotePubkey;
    this.#relays = relays;
    this.#userPubkey = userPubkey;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#onAuthUrl = options.onAuthUrl;
    this.#pool = new RelayPool({ WebSocket: options.WebSocket });
  }

  /** Connects to the remote signer of a `bunker://` URL (sending its secret) and asks for the user's public key. */
  static async connectBunker(pointer: BunkerPointer, options: Nip46Options = {}): Promise<Nip46Signer> {
    const signer = new Nip46Signer(generateSecretKey(), pointer.remotePubkey, pointer.relays, null, options);
    try {
      await signer.request('connect', pointer.secret ? [pointer.remotePubkey, pointer.secret] : [pointer.remotePubkey]);
      await signer.getPublicKey();
      return signer;
    } catch (error) {
      signer.close();
      throw error;
    }
  }

  /**
   * Starts the `nostrconnect://` flow: returns the URI to show (QR code), `listening` (the answer can be heard from
   * then on) and `connected`, which resolves once a remote signer answered with the URI's secret and gave the user's
   * public key. `cancel()` stops waiting.
   */
  static nostrConnect(
    relays: string[],
    options: Nip46Options & { name?: string; perms?: string[] } = {},
  ): { uri: string; listening: Promise<void>; connected: Promise<Nip46Signer>; cancel(): void } {
    const signer = new Nip46Signer(generateSecretKey(), '', relays, null, options);
    const secret = bytesToHex(generateSecretKey()).slice(0, 16);
    const params: NostrConnectParams = {
      clientPubkey: signer.#clientPubkey,
      relays,
      secret,
      ...(options.name ? { name: options.name } : {}),
      ...(options.perms ? { perms: options.perms } : {}),
    };
    let cancel: (error: Error) => void = () => {};
    const listening = signer.#listen();
    const connected = new Promise<Nip46Signer>((resolve, reject) => {
      cancel = reject;
      signer.#connectSecret = secret;
      signer.#onConnect = (remotePubkey) => {
        signer.#remotePubkey = remotePubkey;
        signer.#connectSecret = null;
        signer.#onConnect = null;
        signer.getPublicKey().then(() => resolve(signer), reject);
      };
      listening.catch(reject);
    }).catch((error: unknown) => {
      signer.close();
      throw error;
    });
    return {
      uri: nostrConnectUri(params),
      listening: listening.catch(() => undefined),
      connected,
      cancel: () => cancel(new Nip46Error('cancelled')),
    };
  }

  /** A signer for a saved session (no new connect); it listens again on first use. */
  static restore(state: Nip46State, options: Nip46Options = {}): Nip46Signer {
    return new Nip46Signer(hexToBytes(state.clientSecret), state.remotePubkey, state.relays, state.userPubkey, options);
  }

  /** What to save to come back to this session (contains the client's secret key). */
  get state(): Nip46State {
    return {
      clientSecret: bytesToHex(this.#clientSecret),
      remotePubkey: this.#remotePubkey,
      relays: [...this.#relays],
      userPubkey: this.#userPubkey ?? '',
    };
  }

  async getPublicKey(): Promise<string> {
    if (!this.#userPubkey) {
      const pubkey = await this.request('get_public_key', []);
      if (!/^[0-9a-f]{64}$/.test(pubkey)) throw new Nip46Error('remote signer gave no public key');
      this.#userPubkey = pubkey;
    }
    return this.#userPubkey;
  }

  async signEvent(template: EventTemplate): Promise<NostrEvent> {
    const pubkey = await this.getPublicKey();
    const unsigned = { ...template, pubkey };
    const answer = await this.request('sign_event', [JSON.stringify(unsigned)]);
    let event: NostrEvent;
    try {
      event = JSON.parse(answer) as NostrEvent;
    } catch {
      throw new Nip46Error('remote signer returned no event');
    }
    if (!verifyEvent(event) || event.pubkey !== pubkey || event.kind !== template.kind) {
      throw new Nip46Error('remote signer returned an invalid event');
    }
    return event;
  }

  /** Sends one request and waits for its answer (the result string); rejects on an error answer or timeout. */
  async request(method: string, params: string[]): Promise<string> {
    if (this.#closed) throw new Nip46Error('remote signer closed');
    await this.#listen();
    const id = bytesToHex(generateSecretKey()).slice(0, 16);
    const content = nip44Encrypt(
      JSON.stringify({ id, method, params }),
      getConversationKey(this.#clientSecret, this.#remotePubkey),
    );
    const event = signEvent(
      { kind: NIP46_KIND, created_at: Math.floor(Date.now() / 1000), tags: [['p', this.#remotePubkey]], content },
      this.#clientSecret,
    );
    const answer = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Nip46Error('remote signer did not answer in time'));
      }, this.#timeoutMs);
      this.#pending.set(id, { method, resolve, reject, timer });
    });
    const sent = await this.#pool.publish(event, this.#relays);
    if (!sent.success) {
      const waiting = this.#pending.get(id);
      if (waiting) {
        clearTimeout(waiting.timer);
        this.#pending.delete(id);
      }
      throw new Nip46Error(`could not reach the remote signer's relays (${sent.reasons.join('; ')})`);
    }
    return answer;
  }

  /** Stops listening and fails the requests still waiting. */
  close(): void {
    this.#closed = true;
    for (const sub of this.#subs.values()) sub.close();
    this.#subs.clear();
    this.#pool.close();
    for (const [id, waiting] of this.#pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new Nip46Error('remote signer closed'));
      this.#pending.delete(id);
    }
  }

  /** Subscribes (again, where a relay dropped) to answers addressed to the client key; resolves once one is live. */
  #listen(): Promise<void> {
    if (this.#listening && this.#subs.size === this.#relays.length) return this.#listening;
    const filters = [{ kinds: [NIP46_KIND], '#p': [this.#clientPubkey], since: Math.floor(Date.now() / 1000) - 30 }];
    const attempts = this.#relays
      .filter((url) => !this.#subs.has(url))
      .map(
        (url) =>
          new Promise<void>((resolve, reject) => {
            this.#pool.ensure(url).then((relay) => {
              let ready = false;
              const sub = relay.subscribe(filters, {
                onevent: (event) => this.#receive(event),
                oneose: () => {
                  ready = true;
                  resolve();
                },
                onclose: (reason) => {
                  this.#subs.delete(url);
                  if (!ready) reject(new Nip46Error(reason));
                },
              });
              this.#subs.set(url, sub);
            }, reject);
          }),
      );
    this.#listening = Promise.any(attempts).catch(() => {
      this.#listening = null;
      throw new Nip46Error("could not reach the remote signer's relays");
    });
    return this.#listening;
  }

  #receive(event: NostrEvent): void {
    if (event.kind !== NIP46_KIND) return;
    let message: { id?: unknown; result?: unknown; error?: unknown };
    try {
      message = JSON.parse(this.#decrypt(event));
    } catch {
      return;
    }
    const id = typeof message.id === 'string' ? message.id : '';
    const result = typeof message.result === 'string' ? message.result : '';
    const error = typeof message.error === 'string' ? message.error : '';
    // nostrconnect: only an answer carrying the URI's secret proves the remote signer read the QR code ('ack' does not).
    if (this.#connectSecret && this.#onConnect && result === this.#connectSecret) {
      this.#onConnect(event.pubkey);
      return;
    }
    if (event.pubkey !== this.#remotePubkey) return;
    const waiting = this.#pending.get(id);
    if (!waiting) return;
    if (result === 'auth_url') {
      if (error) this.#onAuthUrl?.(error);
      return;
    }
    clearTimeout(waiting.timer);
    this.#pending.delete(id);
    if (error) waiting.reject(new Nip46Error(error));
    else waiting.resolve(result);
  }

  #decrypt(event: NostrEvent): string {
    if (event.content.includes('?iv=')) return nip04Decrypt(this.#clientSecret, event.pubkey, event.content);
    return nip44Decrypt(event.content, getConversationKey(this.#clientSecret, event.pubkey));
  }
}
