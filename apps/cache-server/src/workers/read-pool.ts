import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { PackedAnswer, setAnswerDeps } from '../answers/index.ts';
import { CommandError } from '../commands/context.ts';
import type { ChangeNotifier } from '../read-cache/change-notifier.ts';
import type { StoreChangeSet } from '../read-cache/change-set.ts';
import type { ReadReply, ReadRequest, ToWorker } from './read-messages.ts';
import type { ReadWorkerData } from './read-worker.ts';

export type { ReadReply, ReadRequest } from './read-messages.ts';

interface Waiter {
  resolve(answer: PackedAnswer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Waiter>;
}

/** How many read requests the workers have served, and how many were waiting at most at once. */
export interface ReadPoolStats {
  served: number;
  maxPending: number;
}

const WORKER_URL = new URL('./read-worker.ts', import.meta.url).href;
// Workers do not inherit tsx's loader: each registers it (tsx's ESM API, the package's `./esm/api` import export)
// before loading the worker module.
const TSX_API = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
);
const BOOT = `import(${JSON.stringify(TSX_API.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); })`;

/**
 * Worker threads serving the cacheable read commands the main thread's answer cache missed, each on its own store
 * connection, so SQL, bundle assembly, serialisation and deflate run beside the main thread (which keeps the
 * sockets, the answer cache and its joins). A request goes to the worker with the fewest requests in flight; its
 * answer comes back packed, its buffers moved rather than copied. Write notices (`wrote`) go to every worker before
 * any later request. A worker that dies fails its requests and is replaced.
 */
export class ReadPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;
  private counts: ReadPoolStats = { served: 0, maxPending: 0 };

  private constructor(
    private readonly data: ReadWorkerData,
    private readonly logger: Logger,
  ) {}

  /** Starts `size` workers on the store described by `data` and waits until each has opened it. */
  static async start(size: number, data: ReadWorkerData, logger: Logger): Promise<ReadPool> {
    const pool = new ReadPool(data, logger);
    await Promise.all(Array.from({ length: size }, () => pool.spawn()));
    return pool;
  }

  /** Requests sent to the workers and not yet answered. */
  get pending(): number {
    let n = 0;
    for (const slot of this.slots) n += slot.pending.size;
    return n;
  }

  /** Number of live workers. */
  get size(): number {
    return this.slots.length;
  }

  /**
   * Runs `command` on a worker for a request that arrived at change sequence `seq` (the worker's answer reflects at
   * least that store); resolves with the packed answer, rejects with CommandError for a NOTICE.
   */
  run(
    command: string,
    payload: Record<string, unknown>,
    userPubkey: string | null,
    now: number,
    seq = 0,
  ): Promise<PackedAnswer> {
    if (this.closed || this.slots.length === 0) return Promise.reject(new Error('read pool is closed'));
    let slot = this.slots[0];
    let pending = 0;
    for (const candidate of this.slots) {
      pending += candidate.pending.size;
      if (candidate.pending.size < slot.pending.size) slot = candidate;
    }
    if (pending + 1 > this.counts.maxPending) this.counts.maxPending = pending + 1;
    const id = this.nextId++;
    const request: ReadRequest = { type: 'read', id, command, payload, userPubkey, now, seq };
    return new Promise<PackedAnswer>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage(request);
    });
  }

  /** Tells every worker that `pubkey` wrote, visible from change sequence `seq` on. */
  wrote(pubkey: string, seq: number): void {
    this.broadcast({ type: 'wrote', pubkey, seq });
  }

  /** Hands every worker an ingest write's change set (before any request that follows the write). */
  changes(changes: StoreChangeSet): void {
    this.broadcast({ type: 'changes', changes });
  }

  /** Requests served since the previous call, and the most waiting at once (the counters restart). */
  takeStats(): ReadPoolStats {
    const stats = this.counts;
    this.counts = { served: 0, maxPending: 0 };
    return stats;
  }

  /** Stops every worker (requests still running fail). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
    for (const slot of this.slots) this.fail(slot, new Error('read pool is closed'));
    this.slots.length = 0;
  }

  private broadcast(message: ToWorker): void {
    for (const slot of this.slots) slot.worker.postMessage(message);
  }

  private spawn(): Promise<void> {
    const worker = new Worker(BOOT, { eval: true, workerData: this.data });
    const slot: Slot = { worker, pending: new Map() };
    return new Promise<void>((ready, failed) => {
      worker.on('message', (reply: ReadReply | 'ready') => {
        if (reply === 'ready') {
          this.slots.push(slot);
          ready();
          return;
        }
        const waiter = slot.pending.get(reply.id);
        if (!waiter) return;
        slot.pending.delete(reply.id);
        this.counts.served += 1;
        if (reply.error !== undefined) {
          waiter.reject(reply.notice ? new CommandError(reply.error) : new Error(reply.error));
        } else if (reply.packed) {
          const packed = PackedAnswer.fromTransfer(reply.packed);
          if (reply.deps) setAnswerDeps(packed, reply.deps);
          waiter.resolve(packed);
        } else {
          waiter.reject(new Error('read worker sent no answer'));
        }
      });
      worker.on('error', (err) => this.logger.error({ err }, 'read worker failed'));
      worker.on('exit', (code) => {
        const at = this.slots.indexOf(slot);
        if (at >= 0) this.slots.splice(at, 1);
        this.fail(slot, new Error(`read worker exited (${code})`));
        if (at < 0) {
          failed(new Error(`read worker exited while starting (${code})`));
          return;
        }
        if (!this.closed) {
          this.spawn().catch((err: unknown) => this.logger.error({ err }, 'read worker could not restart'));
        }
      });
    });
  }

  private fail(slot: Slot, err: Error): void {
    for (const waiter of slot.pending.values()) waiter.reject(err);
    slot.pending.clear();
  }
}

/**
 * Forwards what workers' caches need to stay exact: who wrote (their shared bundle parts, as bundle-sharing.ts does
 * here) and every store change set the notifier hands on (onChanges: their read caches). Both are posted before any
 * request that follows the write. Returns the function that stops it.
 */
export function tellReadWorkers(pool: ReadPool, notifier: ChangeNotifier): () => void {
  const stopWriters = notifier.onEvent((event) => pool.wrote(event.pubkey, notifier.sequence + 1));
  const stopChanges = notifier.onChanges((changes) => pool.changes(changes));
  return () => {
    stopWriters();
    stopChanges();
  };
}
