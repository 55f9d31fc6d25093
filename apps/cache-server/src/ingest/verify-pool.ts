import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { hasSignedShape, verifyEvent, verifyEvents } from '@tide/core/nostr';

/** Below this many events the main thread verifies alone (a worker round trip is not worth it). */
export const POOL_MIN_EVENTS = 64;
/** A worker that does not answer within this many ms is dropped and its share verified on the main thread. */
const WORKER_TIMEOUT_MS = 30_000;
/** Events per slice: the unit a thread claims (small, so the main thread never waits long for a worker's slice). */
export const SLICE = 16;

/** Slice claims of a job: 0 free, 1 taken by a worker, 2 taken by the main thread. */
const FREE = 0;
const MAIN = 2;
/** Per-event outcome written by whichever thread checked it: 0 not yet, 1 valid, 2 invalid. */
const VALID = 1;
const INVALID = 2;

/**
 * One verifyEventsParallel call: its events, and shared memory through which the workers and the main thread claim
 * slices (workers from the front, the main thread from the back) and write results, with no message per slice.
 */
interface Job {
  events: readonly unknown[];
  claims: Int32Array;
  results: Uint8Array;
}

class VerifyWorker {
  private worker: Worker;
  private ready: Promise<void>;
  private pending = new Map<number, { resolve: () => void; reject: (err: Error) => void; timer: NodeJS.Timeout }>();
  private nextId = 1;
  broken = false;
  /** True once the worker has loaded its verifier (jobs are then posted without waiting a turn). */
  private started = false;

  constructor() {
    this.worker = new Worker(new URL('./verify-worker.mjs', import.meta.url));
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', () => resolve());
      this.worker.once('error', reject);
    });
    this.ready.then(
      () => {
        this.started = true;
        this.idle();
      },
      () => this.fail(new Error('verify worker failed to start')),
    );
    this.worker.on('message', (msg: { id?: number }) => {
      const p = msg.id === undefined ? undefined : this.pending.get(msg.id);
      if (!p || msg.id === undefined) return;
      clearTimeout(p.timer);
      this.pending.delete(msg.id);
      this.idle();
      p.resolve();
    });
    this.worker.on('error', (err) => this.fail(err instanceof Error ? err : new Error(String(err))));
    this.worker.on('exit', () => this.fail(new Error('verify worker exited')));
  }

  /** An idle worker does not keep the process alive; one with jobs in flight does (until it answers). */
  private idle(): void {
    if (this.pending.size === 0) this.worker.unref();
  }

  private fail(err: Error): void {
    this.broken = true;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }

  /** Hands the job to the worker (at once when it is up); resolves once it has no free slice left to take. */
  async run(events: unknown[], job: Job): Promise<void> {
    if (!this.started) await this.ready;
    if (this.broken) throw new Error('verify worker is broken');
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.idle();
        reject(new Error('verify worker timed out'));
      }, WORKER_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      this.worker.ref();
      this.worker.postMessage({ id, events, slice: SLICE, claims: job.claims.buffer, results: job.results.buffer });
    });
  }

  terminate(): Promise<number> {
    this.broken = true;
    return this.worker.terminate();
  }
}

let workers: VerifyWorker[] | null = null;

/** Workers to use besides the main thread: one fewer than the cores (at least one). */
function pool(): VerifyWorker[] {
  if (!workers || workers.every((w) => w.broken)) {
    const n = Math.max(1, Math.min(4, availableParallelism() - 1));
    workers = Array.from({ length: n }, () => new VerifyWorker());
  }
  return workers.filter((w) => !w.broken);
}

/** Options of verifyEventsParallel. */
export interface ParallelVerifyOptions {
  /**
   * Leave the main thread free (it is writing the previous batch meanwhile): the workers take the slices, and the main
   * thread only takes those still free when it calls helpVerifying. Default false: it helps at once.
   */
  offMainThread?: boolean;
}

/** Jobs with slices possibly still free, oldest first. */
const jobs: Job[] = [];

/** Plain copies of the seven NIP-01 fields (null for a malformed event, which fails without being checked). */
function plainEvents(part: readonly unknown[]) {
  return part.map((e) => {
    if (!hasSignedShape(e)) return null;
    const { id, pubkey, kind, created_at, tags, content, sig } = e as typeof e & { id: string; sig: string };
    return { id, pubkey, kind, created_at, tags, content, sig };
  });
}

/** Checks the given events on the main thread and records the outcomes. */
function checkOnMain(job: Job, from: number, to: number): void {
  for (let i = from; i < to; i++) Atomics.store(job.results, i, verifyEvent(job.events[i]) ? VALID : INVALID);
}

/** Takes the job's free slices from the back (workers take them from the front), checks them here; returns how many. */
function helpWith(job: Job): number {
  let taken = 0;
  for (let s = job.claims.length - 1; s >= 0; s--) {
    if (Atomics.compareExchange(job.claims, s, FREE, MAIN) !== FREE) break; // the workers have taken the rest
    checkOnMain(job, s * SLICE, Math.min(job.events.length, (s + 1) * SLICE));
    taken++;
  }
  return taken;
}

/** Slices of running jobs no thread has taken yet (read from shared memory: current even while this thread is busy). */
export function freeSlices(): number {
  let n = 0;
  for (const job of jobs) for (let s = 0; s < job.claims.length; s++) if (Atomics.load(job.claims, s) === FREE) n++;
  return n;
}

/**
 * The main thread checks the slices no worker has taken yet (call it when it would otherwise wait): the split
 * between threads adapts to how much CPU each gets on a busy machine, and the workers never wait for it. Returns
 * how many slices it checked.
 */
export async function helpVerifying(): Promise<number> {
  let taken = 0;
  for (const job of jobs) taken += helpWith(job);
  return taken;
}

/**
 * Checks ids and signatures of many events on worker threads and the main thread (see `offMainThread`), in slices
 * claimed through shared memory by whichever thread is free; one result per event, in order. Malformed events fail
 * without reaching a worker. Falls back to the main thread (@tide/core/nostr verifyEvents) for small inputs, without
 * workers, and for any event a failed worker left unchecked.
 */
export async function verifyEventsParallel(
  events: readonly unknown[],
  opts: ParallelVerifyOptions = {},
): Promise<boolean[]> {
  if (events.length < POOL_MIN_EVENTS) return verifyEvents(events);
  let active: VerifyWorker[];
  try {
    active = pool();
  } catch {
    return verifyEvents(events);
  }
  if (active.length === 0) return verifyEvents(events);
  const job: Job = {
    events,
    claims: new Int32Array(new SharedArrayBuffer(4 * Math.ceil(events.length / SLICE))),
    results: new Uint8Array(new SharedArrayBuffer(events.length)),
  };
  jobs.push(job);
  try {
    const plain = plainEvents(events);
    const running = active.map((w) => w.run(plain, job));
    if (!opts.offMainThread) helpWith(job);
    await Promise.allSettled(running);
  } finally {
    jobs.splice(jobs.indexOf(job), 1);
  }
  return Array.from(events, (e, i) => {
    const r = Atomics.load(job.results, i);
    return r === 0 ? verifyEvent(e) : r === VALID; // 0: a failed worker took the slice and did not finish it
  });
}

/** How many pool workers are running and usable (0 before first use or after failures). */
export function activeVerifyWorkers(): number {
  return (workers ?? []).filter((w) => !w.broken).length;
}

/** Stops the pool's workers (tests, shutdown); the next call starts new ones. */
export async function stopVerifyPool(): Promise<void> {
  const ws = workers ?? [];
  workers = null;
  await Promise.all(ws.map((w) => w.terminate()));
}
