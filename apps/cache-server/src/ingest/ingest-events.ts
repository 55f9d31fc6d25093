import { getEventHash, loadWasmVerifier, type NostrEvent } from '@tide/core/nostr';
import type { Store } from '../store/open-store.ts';
import type { IngestOptions, IngestResult, KnownEvent } from './context.ts';
import { knownOf } from './context.ts';
import { identifierOf } from './event-refs.ts';
import { gateEvent } from './gate.ts';
import { maybeExpireScores } from './indexers/scoring.ts';
import { type Accepted, runBatch } from './run-batch.ts';
import { helpVerifying, verifyEventsParallel } from './verify-pool.ts';

/** Default number of events written per transaction. */
export const DEFAULT_BATCH_SIZE = 500;

let wasmReady: Promise<void> | null = null;

/** Starts loading the wasm signature verifier once (falls back to noble silently if it cannot load). */
export function prepareVerifier(): Promise<void> {
  wasmReady ??= loadWasmVerifier().catch(() => undefined);
  return wasmReady;
}

async function storedIds(store: Store, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await store.db
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
  const seenIds = new Set<string>();
  for (let i = 0; i < input.length; i++) {
    const verdict = gateEvent(input[i], now);
    if (!verdict.ok) {
      results[i].reason = verdict.reason;
      continue;
    }
    const id = results[i].id;
    if (seenIds.has(id)) {
      results[i] = { id, ok: true, reason: 'duplicate: already have this event', stored: false };
      continue;
    }
    seenIds.add(id);
    toVerify.push(i);
  }
  // Chunks are pipelined: the signatures of chunk i+1 are checked (on worker threads) while chunk i is written.
  const size = Math.max(1, opts.batchSize ?? DEFAULT_BATCH_SIZE);
  const chunks: number[][] = [];
  for (let k = 0; k < toVerify.length; k += size) chunks.push(toVerify.slice(k, k + size));
  // The first chunk is checked by every thread; later ones by the workers while the main thread writes (it takes the
  // slices still queued once it is done writing).
  const check = (c: number) => {
    const p = checkChunk(store, input, results, chunks[c], c > 0);
    p.catch(() => undefined); // awaited below; this only keeps a failure from being reported as unhandled meanwhile
    return p;
  };
  let next = chunks.length > 0 ? check(0) : null;
  for (let c = 0; c < chunks.length; c++) {
    await helpVerifying(); // slices of this chunk the workers have not started yet
    const accepted = await (next as Promise<Accepted[]>);
    next = c + 1 < chunks.length ? check(c + 1) : null;
    if (accepted.length > 0) await writeBatch(store, accepted, results, opts, now);
  }
  await maybeExpireScores(store, now).catch(() => undefined);
  return results;
}

/**
 * Drops already-stored events (no signature check needed: common on relay and upstream paths), verifies the rest
 * and returns those to store; ephemeral events are answered ok without storing.
 */
async function checkChunk(
  store: Store,
  input: readonly unknown[],
  results: IngestResult[],
  chunk: number[],
  offMainThread: boolean,
): Promise<Accepted[]> {
  const stored = await storedIds(
    store,
    chunk.map((i) => results[i].id),
  );
  const fresh = chunk.filter((i) => {
    if (!stored.has(results[i].id)) return true;
    results[i] = { id: results[i].id, ok: true, reason: 'duplicate: already have this event', stored: false };
    return false;
  });
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
  try {
    const outcome = await store.write((trx) => runBatch(trx, store.dialect, batch, opts, now));
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
