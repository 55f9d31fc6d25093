import type { NostrEvent } from '@tide/core/nostr';
import type { Logger } from 'pino';
import type { ComputeQueue } from '../answers/index.ts';
import type { IngestResult, IngestSource } from '../commands/context.ts';
import type { CommandRegistry } from '../commands/registry.ts';
import type { BlobStore } from '../http/blob-store.ts';
import type { ServerLimits } from '../limits.ts';
import type { ChangeNotifier } from '../read-cache/change-notifier.ts';
import type { Store } from '../store/index.ts';
import type { ReadPool } from '../workers/index.ts';

/** What every endpoint of one running server shares. */
export interface ServerCore {
  store: Store;
  notifier: ChangeNotifier;
  registry: CommandRegistry;
  limits: ServerLimits;
  logger: Logger;
  /** Unix seconds. */
  now(): number;
  /** Validates, stores and indexes events, then announces the accepted ones (relay subscribers, topics). */
  ingest(events: readonly unknown[], source: IngestSource): Promise<IngestResult[]>;
  /** Upload store and public origin (set once the server listens; absent when uploads are off). */
  uploads?: { blobs: BlobStore; origin: string };
  /** The service's own relay endpoint as clients reach it (set once the server listens). */
  productRelay?: string;
  /** Where /v1 command computations wait for their event-loop turn to start (see ComputeQueue). */
  compute: ComputeQueue;
  /** Worker threads serving the cacheable read commands (absent: they run on the main thread). */
  reads?: ReadPool;
  /** Sends an event to relays and collects each relay's raw reply. */
  publish(event: NostrEvent, relays: readonly string[], timeoutMs: number): Promise<Array<[string, string]>>;
}
