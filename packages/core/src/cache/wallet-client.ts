import type { CacheEvent } from '../nostr/index.ts';
import { CacheClient } from './cache-client.ts';
import { CacheError } from './cache-errors.ts';
import type { CacheClientOptions, PayloadSource, RequestOptions, SubscribeOptions } from './cache-options.ts';

/** How long `open()` waits for the wallet socket by default. */
export const DEFAULT_WALLET_OPEN_TIMEOUT_MS = 10_000;

/** Options of a {@link WalletClient}: those of the cache client, without compression (never negotiated). */
export type WalletClientOptions = Omit<CacheClientOptions, 'noBinary'>;

/**
 * The membership (wallet) socket: same envelope as the cache, plain text frames, opened and closed explicitly per
 * feature. Calls made while no socket is open reject with a `no_socket` CacheError (spec §8).
 */
export class WalletClient {
  private readonly inner: CacheClient;
  private opened = false;

  constructor(options: WalletClientOptions) {
    this.inner = new CacheClient({ ...options, noBinary: true });
  }

  /** True between `open()` and `close()`. */
  get isOpen(): boolean {
    return this.opened;
  }

  /** Opens the socket and resolves once it is connected; rejects (code `timeout`) and closes after `timeoutMs`. */
  open(timeoutMs = DEFAULT_WALLET_OPEN_TIMEOUT_MS): Promise<void> {
    this.opened = true;
    this.inner.connect();
    if (this.inner.status === 'connected') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        this.close();
        reject(new CacheError('timeout', 'wallet socket did not open', 'open'));
      }, timeoutMs);
      const off = this.inner.onStatus((status) => {
        if (status !== 'connected') return;
        clearTimeout(timer);
        off();
        resolve();
      });
    });
  }

  /** Closes the socket; requests in flight reject with a `closed` CacheError. */
  close(): void {
    this.opened = false;
    this.inner.disconnect();
  }

  /** Runs a membership command and resolves with the events until EOSE. */
  request(command: string, payload?: PayloadSource, options?: RequestOptions): Promise<CacheEvent[]> {
    if (!this.opened) return Promise.reject(new CacheError('no_socket', 'no_socket', command));
    return this.inner.request(command, payload, options);
  }

  /** Starts a long-lived subscription (e.g. `membership_purchase_monitor`); returns the stop function. */
  subscribe(
    command: string,
    payload: PayloadSource | undefined,
    onEvent: (event: CacheEvent) => void,
    options?: SubscribeOptions,
  ): () => void {
    if (!this.opened) throw new CacheError('no_socket', 'no_socket', command);
    return this.inner.subscribe(command, payload, onEvent, options);
  }
}
