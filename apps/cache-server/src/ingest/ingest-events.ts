import { getEventHash, loadWasmVerifier, type NostrEvent } from '@tide/core/nostr';
import type { Kysely } from 'kysely';
import { publishStoreChanges } from '../read-cache/change-feed.ts';
import { ChangeRecorder } from '../read-cache/change-set.ts';
import type { Store } from '../store/open-store.ts';
import type { Database } from '../store/schema.ts';
import type { IngestOptions, IngestResult, KnownEvent } from './context.ts';
import { knownOf } from './context.ts';
import { identifierOf } from './event-refs.ts';
import { gateEvent } from './gate.ts';
import { maybeExpireScores } from './indexers/scoring.ts';
import { type Accepted, runBatch } from './run-batch.ts';
import { helpVerifying, verifyEventsParallel } from './verify-pool.ts';

/** Default number of events written per transaction (relay EVENTs and unknown sources). */
export const DEFAULT_BATCH_SIZE = 500;
/** Default events per transaction on bulk paths (import, upstream, seed): fewer, larger commits write less WAL. */
export const BULK_BATCH_SIZE = 2_000;
/** Most events whose signatures are checked together (pipelined with writing the chunk before). */
export const VERIFY_CHUNK = 500;
const BULK_SOURCES = new Set(['import', 'upstream', 'seed']);

/**
 * How a call's events are cut: `chunk` events are verified together, `perTransaction` chunks are written in one
 * transaction (at most `batchSize` events; chunks of equal size under VERIFY_CHUNK).
 */
export function transactionShape(opts: IngestOptions): { chunk: number; perTransaction: number } {
  const bulk = BULK_SOURCES.has(opts.source ?? 'relay');
  const size = Math.max(1, opts.batchSize ?? (bulk ? BULK_BATCH_SIZE : DEFAULT_BATCH_SIZE));
  const limit = Math.max(1, opts.verifyChunkSize ?? VERIFY_CHUNK);
  const perTransaction = Math.ceil(size / limit);
  return { chunk: Math.ceil(size / perTransaction), perTransaction };
}

let wasmReady: Promise<void> | null = null;

/** Starts loading the wasm signature verifier once (falls back to noble silently if it cannot load). */
export function prepareVerifier(): Promise<void> {
  wasmReady ??= loadWasmVerifier().catch(() => undefined);
  return wasmReady;
}

async function storedIds(db: Kysely<Database>, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('events')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.id);
  }
  return out;
}

function idOf(input: unknown): string {
  const id = typeof input === 'object' && input !== null ? (input as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : '';
}

/**
 * Validates and stores events from any path (relay EVENT, import_events, upstream, seed) and runs every indexer.
 * Returns one result per input, in order, in NIP-01 OK style. Nothing of a rejected event is stored; a failing
 * batch is retried event by event so one bad event cannot sink the others.
 */
export async function ingestEvents(
  store: Store,
  input: readonly unknown[],
  opts: IngestOptions = {},
): Promise<IngestResult[]> {
  await prepareVerifier();
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const results: IngestResult[] = input.map((e) => ({ id: idOf(e), ok: false, reason: '', stored: false }));
  const toVerify: number[] = [];
  const firstOf = new Map<string, number>();
  /** Later copies of an id in this input: answered by their first copy's outcome once it is known. */
  const repeats: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const verdict = gateEvent(input[i], now);
    if (!verdict.ok) {
      results[i].reason = verdict.reason;
      continue;
    }
    const id = results[i].id;
    if (firstOf.has(id)) {
      repeats.push(i);
      continue;
    }
    firstOf.set(id, i);
    toVerify.push(i);
  }
  // Chunks are pipelined: the signatures of chunk i+1 are checked (on worker threads) while chunk i is written.
  // The first chunk is checked by every thread; later ones by the workers while the main thread writes (it takes the
  // slices still queued once it is done writing).
  const { chunk, perTransaction } = transactionShape(opts);
  const chunks: number[][] = [];
  for (let k = 0; k < toVerify.length; k += chunk) chunks.push(toVerify.slice(k, k + chunk));
  const checks: Array<Promise<Accepted[]> | undefined> = [];
  // Looks up which events of chunk c are stored already (through `db`: the store, or the open transaction) and starts
  // checking the signatures of the others.
  const start = async (c: number, db: Kysely<Database>) => {
    if (c >= chunks.length || checks[c]) return;
    const fresh = await freshOf(db, results, chunks[c]);
    const check = checkChunk(input, results, fresh, c > 0);
    check.catch(() => undefined); // awaited later; this only keeps a failure from being reported as unhandled
    checks[c] = check;
  };
  const accepted = async (c: number, db: Kysely<Database>) => {
    await start(c, db);
    await helpVerifying(); // slices of this chunk the workers have not started yet
    const out = (await checks[c]) ?? [];
    await start(c + 1, db);
    return out;
  };
  for (let c = 0; c < chunks.length; c += perTransaction) {
    const group = Array.from({ length: Math.min(perTransaction, chunks.length - c) }, (_, k) => c + k);
    if (group.length > 1 && (await writeGroup(store, group, accepted, results, opts, now))) continue;
    // One chunk per transaction, or a group whose transaction failed: chunk by chunk, then event by event.
    for (const g of group) {
      const batch = await accepted(g, store.db);
      if (batch.length > 0) await writeBatch(store, batch, results, opts, now);
    }
  }
  await maybeExpireScores(store, now).catch(() => undefined);
  await settleRepeats(store, input, results, repeats, firstOf, opts);
  return results;
}

/**
 * A repeated id is a duplicate of its first copy when that copy was accepted; when it was refused (say, a forged
 * signature), the repeat is checked on its own, so a bad copy cannot hide a good one nor report it as imported.
 */
async function settleRepeats(
  store: Store,
  input: readonly unknown[],
  results: IngestResult[],
  repeats: number[],
  firstOf: Map<string, number>,
  opts: IngestOptions,
): Promise<void> {
  const again: number[] = [];
  for (const i of repeats) {
    const first = results[firstOf.get(results[i].id) ?? i];
    if (first.ok)
      results[i] = { id: results[i].id, ok: true, reason: 'duplicate: already have this event', stored: false };
    else again.push(i);
  }
  if (!again.length) return;
  const retried = await ingestEvents(
    store,
    again.map((i) => input[i]),
    opts,
  );
  again.forEach((i, k) => {
    results[i] = retried[k];
  });
}

/** The events of a chunk not stored yet; the others are answered as duplicates (no signature check needed). */
async function freshOf(db: Kysely<Database>, results: IngestResult[], chunk: number[]): Promise<number[]> {
  const stored = await storedIds(
    db,
    chunk.map((i) => results[i].id),
  );
  return chunk.filter((i) => {
    if (!stored.has(results[i].id)) return true;
    results[i] = { id: results[i].id, ok: true, reason: 'duplicate: already have this event', stored: false };
    return false;
  });
}

/** Verifies the chunk's fresh events and returns those to store; ephemeral events are answered ok without storing. */
async function checkChunk(
  input: readonly unknown[],
  results: IngestResult[],
  fresh: number[],
  offMainThread: boolean,
): Promise<Accepted[]> {
  const verified = await verifyEventsParallel(
    fresh.map((i) => input[i]),
    { offMainThread },
  );
  const accepted: Accepted[] = [];
  fresh.forEach((i, k) => {
    const e = input[i] as NostrEvent;
    if (!verified[k]) {
      results[i].reason =
        getEventHash(e) === e.id ? 'invalid: signature is wrong' : 'invalid: event id does not match its content';
      return;
    }
    if (e.kind >= 20000 && e.kind < 30000) {
      results[i] = { id: e.id, ok: true, reason: '', stored: false };
      return;
    }
    const event: NostrEvent = {
      id: e.id,
      pubkey: e.pubkey,
      kind: e.kind,
      created_at: e.created_at,
      tags: e.tags,
      content: e.content,
      sig: e.sig,
    };
    const identifier = identifierOf(event);
    const known: KnownEvent = knownOf(event, identifier);
    accepted.push({ index: i, e: event, identifier, known });
  });
  return accepted;
}

async function writeBatch(
  store: Store,
  batch: Accepted[],
  results: IngestResult[],
  opts: IngestOptions,
  now: number,
): Promise<void> {
  const changes = new ChangeRecorder();
  try {
    const outcome = await store
      .write((trx) => runBatch(trx, store.dialect, batch, opts, now, changes))
      // published committed or not (a failed transaction's set only over-reports)
      .finally(() => changes.isEmpty() || publishStoreChanges(store, changes.toChangeSet()));
    for (const [index, r] of outcome) results[index] = r;
  } catch (err) {
    if (batch.length > 1) {
      for (const one of batch) await writeBatch(store, [one], results, opts, now);
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    results[batch[0].index] = { id: batch[0].e.id, ok: false, reason: `error: ${message}`, stored: false };
  }
}

/**
 * Writes several verified chunks in one transaction (each through runBatch, so later chunks see the earlier ones);
 * results are set only once it commits. False when the transaction failed (nothing of it is stored).
 */
async function writeGroup(
  store: Store,
  group: number[],
  accepted: (c: number, db: Kysely<Database>) => Promise<Accepted[]>,
  results: IngestResult[],
  opts: IngestOptions,
  now: number,
): Promise<boolean> {
  const changes = new ChangeRecorder();
  try {
    const outcomes = await store.write(async (trx) => {
      const out: Array<Map<number, IngestResult>> = [];
      for (const c of group) {
        const batch = await accepted(c, trx);
        if (batch.length > 0) out.push(await runBatch(trx, store.dialect, batch, opts, now, changes));
      }
      return out;
    });
    for (const outcome of outcomes) for (const [index, r] of outcome) results[index] = r;
    return true;
  } catch {
    return false;
  } finally {
    if (!changes.isEmpty()) publishStoreChanges(store, changes.toChangeSet());
  }
}
