import type { NostrEvent, Tag } from '@tide/core/nostr';
import type { Transaction } from 'kysely';
import type { StoreDialect } from '../store/create-db.ts';
import type { Database } from '../store/schema.ts';
import type { WriteBuffer } from './write-buffer.ts';

/** Where an event came from (relay EVENT, import_events, upstream relays, the seed generator...). */
export type IngestSource = 'relay' | 'import' | 'upstream' | 'seed' | (string & {});

/** Options of ingestEvents. */
export interface IngestOptions {
  source?: IngestSource;
  /** Relay the events were received from (recorded as relay hint and known relay). */
  relayUrl?: string;
  /** Current Unix time in seconds (default: the clock). */
  now?: number;
  /** Most events per transaction (default 500; 2,000 for the bulk sources import, upstream and seed). */
  batchSize?: number;
  /** Most events whose signatures are checked together, pipelined with writing the previous ones (default 500). */
  verifyChunkSize?: number;
}

/** Per-event outcome in NIP-01 OK style: `ok` false means rejected; `stored` says whether it was written. */
export interface IngestResult {
  id: string;
  ok: boolean;
  /** '' on success, else a prefixed reason: 'invalid: ...', 'duplicate: ...', 'blocked: ...', 'error: ...'. */
  reason: string;
  stored: boolean;
}

/** What the ingest knows about an event referenced by the batch (stored before, or part of the batch). */
export interface KnownEvent {
  id: string;
  pubkey: string;
  kind: number;
  created_at: number;
  identifier: string;
  tags: Tag[];
  /** Users mentioned and events quoted in its content (filled for notes; drives types 101–104 and 201–204). */
  mentions?: { pubkeys: string[]; ids: string[] };
}

/** A notification about to be gated and stored (semantics §5). */
export interface NotificationCandidate {
  recipient: string;
  type: number;
  created_at: number;
  actor: string;
  targetEventId: string;
  source: NostrEvent;
  /** Argument keys of §5.1 (pubkeys and ids as hex, satszapped a number, message/reaction strings). */
  args: Record<string, string | number>;
  /** Every pubkey argument (self-notification and trust checks). */
  pubkeyArgs: string[];
  /** `p` tags of the post the "too many mentions" rule looks at (types 7 and 101–104), else 0. */
  mentionTags?: number;
}

/** Shared state of one ingest transaction, handed to every indexer. */
export interface IngestContext {
  trx: Transaction<Database>;
  dialect: StoreDialect;
  now: number;
  source: IngestSource;
  relayUrl: string;
  buf: WriteBuffer;
  /** Referenced and batch events by id. */
  known: Map<string, KnownEvent>;
  /** Current versions by coordinate `kind:pubkey:identifier` (referenced and batch). */
  addresses: Map<string, KnownEvent>;
  /** Pubkeys already in user_stats before this batch, plus those added by it. */
  seenPubkeys: Set<string>;
  /** Pubkeys flagged as spam (filter_list): not trusted, their likes/replies do not count. */
  spamPubkeys: Set<string>;
  /** `${target}|${pubkey}|${kind}` of actions already recorded (first-action scoring). */
  actionKeys: Set<string>;
  /** Earliest post time per pubkey seen in this batch (user_stats.time_joined). */
  joined: Map<string, number>;
  /** Stored time_joined of the batch's authors (null: not set yet) — to skip updates that change nothing. */
  joinedBefore: Map<string, number | null>;
  /** Notification candidates collected by the indexers. */
  notifications: NotificationCandidate[];
  /** Ids of events this batch stores (for hook replay). */
  storedIds: Set<string>;
  /** Writes everything buffered so far (before direct reads/deletes that must see it). */
  flush(): Promise<void>;
}

/** True when the pubkey counts as trusted/human (self-hosted mode: everyone except spam-flagged pubkeys). */
export function isTrusted(ctx: IngestContext, pubkey: string): boolean {
  return !ctx.spamPubkeys.has(pubkey);
}

/** Records an action and returns true when it is the pubkey's first of that kind on that target. */
export function firstAction(ctx: IngestContext, target: string, pubkey: string, kind: number): boolean {
  const key = `${target}|${pubkey}|${kind}`;
  if (ctx.actionKeys.has(key)) return false;
  ctx.actionKeys.add(key);
  return true;
}

/** A KnownEvent from a full event. */
export function knownOf(e: NostrEvent, identifier: string): KnownEvent {
  return { id: e.id, pubkey: e.pubkey, kind: e.kind, created_at: e.created_at, identifier, tags: e.tags };
}
