import type { Logger } from 'pino';
import type { CommandRecord } from './commands/context.ts';
import type { RelayInfoOptions } from './http/nip11.ts';
import type { HttpRoute } from './http/router.ts';
import type { ServerLimits } from './limits.ts';
import type { MembershipPayments } from './membership/index.ts';
import type { WarmStartOptions } from './read-cache/warm-start.ts';
import type { OpenStoreOptions, Store } from './store/index.ts';
import type { UpstreamOptions } from './upstream/upstream-relay.ts';

/** The ingest pipeline's signature (`ingestEvents` of `src/ingest`). */
export type IngestFn = (
  store: Store,
  events: readonly unknown[],
  options: { source?: string; now?: number; relayUrl?: string },
) => Promise<Array<{ id: string; ok: boolean; reason: string; stored?: boolean }>>;

/** Options of startServer. */
export interface StartServerOptions extends OpenStoreOptions {
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Port (default 0: a random free port). */
  port?: number;
  /** Use this already open store (not closed by `close()`), instead of opening one from sqlitePath/databaseUrl. */
  store?: Store;
  /** Directory of the built web app (served with SPA fallback). */
  webRoot?: string;
  /** Directory of seeded media files, served at `/media/...`. */
  mediaRoot?: string;
  /** Public origin used in blob URLs of the legacy upload commands (default: the HTTP address). */
  publicUrl?: string;
  /** Directory of uploaded blobs: turns on the Blossom endpoints (PUT /upload, GET /<sha256>, ...). */
  blobRoot?: string;
  /** Relays to follow and ingest from. */
  upstream?: string[];
  /** Upstream tuning (tests shorten the backoff). */
  upstreamOptions?: Partial<Omit<UpstreamOptions, 'url' | 'store' | 'ingest' | 'logger'>>;
  /** Logger (default: pino at LOG_LEVEL, silent when unset). */
  logger?: Logger;
  /** Clock in Unix seconds (tests). */
  now?: () => number;
  /** Limits overrides. */
  limits?: Partial<ServerLimits>;
  /** Extra or replacement command handlers (tests). */
  commands?: CommandRecord;
  /** Ingest pipeline override (default: `ingestEvents` of src/ingest). */
  ingest?: IngestFn;
  /** NIP-11 fields. */
  relayInfo?: RelayInfoOptions;
  /** Extra HTTP routes tried before the built-in ones. */
  routes?: HttpRoute[];
  /**
   * Let requests make the server reach loopback/private addresses (link previews, broadcast_events relays; tests
   * only; default false). The server's own origins are always allowed.
   */
  allowPrivateNetwork?: boolean;
  /**
   * Answer every HTTP request and socket with 503 "seeding" until `ready()` is called (main seeds the demo network
   * meanwhile, so nobody sees a half-written network); upstream relays start at `ready()` too.
   */
  seeding?: boolean;
  /**
   * Worker threads serving the cacheable read commands on their own connections (stores opened here: a SQLite file
   * or PostgreSQL; default 0: every command runs on the main thread). Custom `commands` are not seen by them.
   */
  readWorkers?: number;
  /**
   * Fill the read cache in the background once serving (the keys it held at the last stop, else the most-followed
   * users; saved again at close): see `read-cache/warm-start.ts`. Default off here (tests); main turns it on.
   */
  warmStart?: boolean | Omit<WarmStartOptions, 'logger'>;
  /** The membership service at `/wallet/v1`: the operator's wallet (NWC) and the USD rate (default 100 000 a BTC). */
  membership?: { payments?: MembershipPayments; usdPerBtc?: number; monitorPollMs?: number };
}
