// A read worker: its own connection to the store (SQLite: WAL lets readers run beside the one writer; PostgreSQL: its
// own pool), running the cacheable read commands the main thread misses in arrival order (SQLite one at a time,
// PostgreSQL up to 8 at once), and packing (serialising and deflating) their answers off the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { answerDeps, PackedAnswer, type PackedTransfer, viewerOfRequest } from '../answers/index.ts';
import { shareBundles, sharedBundlesOf } from '../commands/bundle-shared.ts';
import { type CommandContext, CommandError } from '../commands/context.ts';
import { allCommands } from '../commands/index.ts';
import { isStatementTimeout, STATEMENT_TIMEOUT_NOTICE } from '../commands/statement-timeouts.ts';
import { publishStoreChanges } from '../read-cache/change-feed.ts';
import { enableReadCache } from '../read-cache/read-cache.ts';
import type { ReuseLimits } from '../reuse-rule.ts';
import { type OpenStoreOptions, openStore } from '../store/index.ts';
import type { ReadReply, ReadRequest, ToWorker } from './read-messages.ts';
import { mapStoreFile } from './sqlite-mmap.ts';

/** What the pool hands a worker at start. */
export interface ReadWorkerData {
  store: OpenStoreOptions;
  logLevel: string;
  /** Share bundle parts and keep a read cache across this worker's answers (off when answer reuse is off). */
  shareBundles: boolean;
  /** The server's reuse limits for shared bundle parts (the defaults when absent). */
  reuse?: ReuseLimits;
}

/** Requests a worker on PostgreSQL computes at once (each waits for rows most of its time). */
const PG_PARALLEL_READS = 8;

/** Writers remembered before the list is restarted (and the shared parts with it), as on the main thread. */
const MAX_WRITERS = 50_000;

/**
 * The main thread's view of the store's changes, as far as it told this worker: the highest change sequence a
 * request or write notice carried, the clock second of the latest request, and each writer's first sequence.
 */
export class MirrorClock {
  private seq = 0;
  private clockSecond = Math.floor(Date.now() / 1000);
  private readonly written = new Map<string, number>();

  /** Takes in what a message carried. */
  saw(seq: number, second?: number): void {
    if (seq > this.seq) this.seq = seq;
    if (second !== undefined) this.clockSecond = second;
  }

  /** Records that `pubkey` wrote, visible from sequence `seq` on; false when the list was full and restarted. */
  wrote(pubkey: string, seq: number): boolean {
    const full = this.written.size >= MAX_WRITERS;
    if (full) this.written.clear();
    this.written.set(pubkey, seq);
    return !full;
  }

  /** The store's change sequence as last told. */
  sequence(): number {
    return this.seq;
  }

  /** The server clock's second of the latest request. */
  second(): number {
    return this.clockSecond;
  }

  /** The first sequence at which `pubkey`'s latest write was in the store (0: none told). */
  writtenAt(pubkey: string): number {
    return this.written.get(pubkey) ?? 0;
  }
}

/** Runs one read request against `ctxBase.store`; never throws (failures become error replies). */
export async function serveRead(
  ctxBase: Omit<CommandContext, 'now' | 'connection' | 'command'>,
  request: ReadRequest,
): Promise<{ reply: ReadReply; transfer: ArrayBuffer[] }> {
  const handler = allCommands.get(request.command);
  const failed = (error: string, notice: boolean) => ({ reply: { id: request.id, error, notice }, transfer: [] });
  if (!handler) return failed('unknown api request', true);
  try {
    const ctx: CommandContext = {
      ...ctxBase,
      now: () => request.now,
      connection: { id: 0, userPubkey: request.userPubkey, protocol: {} },
      command: request.command,
    };
    const events = await handler(ctx, request.payload);
    const packed: PackedTransfer = await (await PackedAnswer.pack(events)).toTransfer();
    const viewer = viewerOfRequest(request.payload, request.userPubkey);
    const deps = await answerDeps(ctx.store, request.command, request.payload, viewer, events, request.seq);
    return {
      reply: { id: request.id, packed, ...(deps ? { deps } : {}) },
      transfer: PackedAnswer.transferList(packed),
    };
  } catch (err) {
    if (err instanceof CommandError) return failed(err.message, true);
    if (isStatementTimeout(err)) return failed(STATEMENT_TIMEOUT_NOTICE, true);
    return failed(err instanceof Error ? err.message : String(err), false);
  }
}

async function main(port: NonNullable<typeof parentPort>, data: ReadWorkerData): Promise<void> {
  const store = await openStore({ ...data.store, migrate: false });
  await mapStoreFile(store);
  const clock = new MirrorClock();
  if (data.shareBundles) {
    shareBundles(store, clock, data.reuse);
    // its own read cache, kept exact by the change sets the main thread forwards
    enableReadCache(store, undefined, data.reuse?.maxAgeMs);
  }
  const refuse = () => Promise.reject(new Error('read workers do not write'));
  const ctxBase = {
    store,
    logger: pino({ level: data.logLevel }),
    subId: '',
    live: () => {},
    notifier: { notify: () => {} },
    ingest: refuse,
    publish: refuse,
  };
  const queue: ReadRequest[] = [];
  // SQLite: one request at a time, in arrival order (concurrent handlers would interleave their queries on the one
  // connection and all finish late); PostgreSQL: several, started in arrival order, their queries pipelined on the
  // worker's pool while others wait for rows
  const parallel = store.dialect === 'postgres' ? PG_PARALLEL_READS : 1;
  let running = 0;
  const drain = () => {
    while (running < parallel && queue.length > 0) {
      const request = queue.shift() as ReadRequest;
      running += 1;
      clock.saw(request.seq, request.now);
      void serveRead(ctxBase, request).then(({ reply, transfer }) => {
        port.postMessage(reply, transfer);
        running -= 1;
        drain();
      });
    }
  };
  port.on('message', (message: ToWorker) => {
    if (message.type === 'changes') {
      publishStoreChanges(store, message.changes);
    } else if (message.type === 'wrote') {
      if (!clock.wrote(message.pubkey, message.seq)) sharedBundlesOf(store)?.clear();
    } else {
      queue.push(message);
      drain();
    }
  });
  port.postMessage('ready');
}

if (parentPort && workerData) void main(parentPort, workerData as ReadWorkerData);
