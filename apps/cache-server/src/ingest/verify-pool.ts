import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { hasSignedShape, verifyEvent, verifyEvents } from '@tide/core/nostr';

/** Below this many events the main thread verifies alone (a worker round trip is not worth it). */
export const POOL_MIN_EVENTS = 64;
/** A worker that does not answer within this many ms is dropped and its share verified on the main thread. */
const WORKER_TIMEOUT_MS = 30_000;

interface Pending {
  resolve: (ok: boolean[]) => void;
  reject: (err: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

class VerifyWorker {
  private worker: Worker;
  private ready: Promise<void>;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  broken = false;
  /** Slices handed to this worker and not answered yet (see pump). */
  assigned = 0;

  constructor() {
    this.worker = new Worker(new URL('./verify-worker.mjs', import.meta.url));
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', () => resolve());
      this.worker.once('error', reject);
    });
    this.ready.then(
      () => this.idle(),
      () => this.fail(new Error('verify worker failed to start')),
    );
    this.worker.on('message', (msg: { id?: number; ok?: boolean[] }) => {
      if (msg.id === undefined || !msg.ok) return;
      const p = this.pending.get(msg.id);
      if (!p) return;
      clearTimeout(p.timer);
      this.pending.delete(msg.id);
      this.idle();
      p.resolve(msg.ok);
    });
    this.worker.on('error', (err) => this.fail(err instanceof Error ? err : new Error(String(err))));
    this.worker.on('exit', () => this.fail(new Error('verify worker exited')));
  }

  /** An idle worker does not keep the process alive; one with requests in flight does (until it answers). */
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

  async verify(events: unknown[]): Promise<boolean[]> {
    await this.ready;
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
      this.worker.postMessage({ id, events });
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
   * thread only takes those still queued when it calls helpVerifying. Default false: it helps at once.
   */
  offMainThread?: boolean;
}

/** Events per slice of work handed to a worker (or taken by the main thread). */
const SLICE = 50;
/** Slices a worker holds at once (the next one is waiting while it works on the current one). */
const SLICES_PER_WORKER = 2;

interface Slice {
  events: readonly unknown[];
  resolve: (ok: boolean[]) => void;
}

/** Slices not yet taken by a worker or the main thread, oldest first. */
const queue: Slice[] = [];

/** Plain copies of the seven NIP-01 fields (null for a malformed event, which fails without reaching a worker). */
function plainEvents(part: readonly unknown[]) {
  return part.map((e) => {
    if (!hasSignedShape(e)) return null;
    const { id, pubkey, kind, created_at, tags, content, sig } = e as typeof e & { id: string; sig: string };
    return { id, pubkey, kind, created_at, tags, content, sig };
  });
}

/** Verifies a slice on a worker, falling back to the main thread if the worker fails. */
async function onWorker(worker: VerifyWorker, slice: Slice): Promise<void> {
  const shaped = plainEvents(slice.events);
  try {
    const ok = await worker.verify(shaped.filter((e) => e !== null));
    let k = 0;
    slice.resolve(shaped.map((e) => (e === null ? false : ok[k++])));
  } catch {
    slice.resolve(await verifyEvents(slice.events));
  }
}

/** Hands queued slices to workers with room for more. */
function pump(): void {
  let active: VerifyWorker[];
  try {
    active = pool();
  } catch {
    active = [];
  }
  for (const w of active) {
    while (w.assigned < SLICES_PER_WORKER && queue.length > 0) {
      const slice = queue.shift() as Slice;
      w.assigned++;
      void onWorker(w, slice).finally(() => {
        w.assigned--;
        pump();
      });
    }
  }
}

/**
 * The main thread verifies the slices no worker has taken yet (call it when it would otherwise wait): the split
 * between threads adapts to how much CPU each gets on a busy machine.
 */
export async function helpVerifying(): Promise<void> {
  while (queue.length > 0) {
    const slice = queue.shift() as Slice;
    slice.resolve(slice.events.map((e) => verifyEvent(e)));
    await nextTurn(); // lets worker answers in, so they get their next slice
  }
}

/**
 * Checks ids and signatures of many events on worker threads and the main thread (see `offMainThread`), in slices
 * taken by whichever thread is free; one result per event, in order. Malformed events fail without reaching a
 * worker. Falls back to the main thread (@tide/core/nostr verifyEvents) for small inputs or without workers.
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
  const parts: Promise<boolean[]>[] = [];
  for (let i = 0; i < events.length; i += SLICE) {
    const slice = events.slice(i, i + SLICE);
    parts.push(new Promise((resolve) => queue.push({ events: slice, resolve })));
  }
  pump();
  if (!opts.offMainThread) await helpVerifying();
  return (await Promise.all(parts)).flat();
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
