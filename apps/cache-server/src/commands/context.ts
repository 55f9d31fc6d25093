import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import type { Logger } from 'pino';
import type { BlobStore } from '../http/blob-store.ts';
import type { Store } from '../store/index.ts';

/** A command's named arguments, as the client sent them (a JSON object). */
export type CommandPayload = Record<string, unknown>;

/** An error a handler throws on purpose: its message goes to the client as `["NOTICE", subid, message]` + EOSE. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandError';
  }
}

/** What one caching-service connection remembers between requests. */
export interface ConnectionState {
  /** Connection number (for logs). */
  readonly id: number;
  /** The first valid `user_pubkey` seen in a payload on this connection (protocol §1.6), else null. */
  userPubkey: string | null;
  /** The `set_primal_protocol` payload, e.g. `{compression: 'zlib'}`. */
  protocol: Record<string, unknown>;
}

/** How a long-lived subscription keeps pushing after its EOSE (see `CommandContext.live`). */
export interface LiveSpec {
  /** Change-notifier topics that make the server recompute, e.g. `p:<pubkey>` or `ingest` (see ChangeNotifier). */
  topics?: string[];
  /** Also recompute every this many milliseconds (e.g. net_stats). */
  everyMs?: number;
  /** At most one push per this many milliseconds (default 1000). */
  minIntervalMs?: number;
  /** Push only when the produced events differ from the last push (default true). */
  onlyOnChange?: boolean;
  /** Push once right after the EOSE (default true). */
  initial?: boolean;
  /** Computes the events to push now (an empty array pushes nothing). */
  produce(): Promise<CacheEvent[]>;
}

/** Outcome of ingesting one event (the ingest helper's result shape). */
export interface IngestResult {
  id: string;
  ok: boolean;
  reason: string;
}

/** Where an ingested event came from. */
export type IngestSource = 'relay' | 'import' | 'upstream' | 'seed' | 'broadcast';

/** Topics that subscriptions listen to and that anything changing state pokes. */
export interface ChangeNotifierLike {
  /** Pokes one topic (e.g. `p:<pubkey>` after marking notifications seen). */
  notify(topic: string): void;
}

/** What a command handler gets: the store, the clock, the connection, a logger and the live-push hooks. */
export interface CommandContext {
  store: Store;
  /** Current time in Unix seconds (injectable in tests). */
  now(): number;
  logger: Logger;
  connection: ConnectionState;
  /** The request's sub-id. */
  subId: string;
  /** The command name. */
  command: string;
  /** Makes this request long-lived: EOSE after the handler's results, then pushes per `spec` until CLOSE. */
  live(spec: LiveSpec): void;
  /** Pokes subscriptions waiting on a topic. */
  notifier: ChangeNotifierLike;
  /** Ingests events through the shared pipeline (stores, indexes, pushes them live to relay subscribers). */
  ingest(events: readonly unknown[], source: IngestSource): Promise<IngestResult[]>;
  /** The upload store and the public origin of blob URLs, when uploads are enabled. */
  uploads?: { blobs: BlobStore; origin: string };
  /** This service's own relay endpoint (`ws(s)://<public host>/`), the product relay new users start with. */
  productRelay?: string;
  /** Sends signed events to relays; resolves with each relay's raw reply (used by broadcast_events). */
  publish(event: NostrEvent, relays: readonly string[], timeoutMs: number): Promise<Array<[string, string]>>;
}

/** A caching-service command: payload in, result objects out (thrown CommandError → NOTICE + EOSE). */
export type CommandHandler = (ctx: CommandContext, payload: CommandPayload) => Promise<CacheEvent[]>;

/** A module's commands by name. */
export type CommandRecord = Record<string, CommandHandler>;
