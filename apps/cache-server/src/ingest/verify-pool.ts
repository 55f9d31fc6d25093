import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { hasSignedShape, verifyEvents } from '@tide/core/nostr';

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
   * Leave the main thread free (it is writing the previous batch meanwhile): the workers share the whole input.
   * Default false: the main thread takes a share too.
   */
  offMainThread?: boolean;
}

/** Plain copies of the seven NIP-01 fields (null for a malformed event, which fails without reaching a worker). */
function plainEvents(part: readonly unknown[]) {
  return part.map((e) => {
    if (!hasSignedShape(e)) return null;
    const { id, pubkey, kind, created_at, tags, content, sig } = e as typeof e & { id: string; sig: string };
    return { id, pubkey, kind, created_at, tags, content, sig };
  });
}

/**
 * Checks ids and signatures of many events using worker threads and (unless `offMainThread`) the main thread
 * together; one result per event, in order. Malformed events fail without reaching a worker. Falls back to the main
 * thread (@tide/core/nostr verifyEvents) for small inputs or when a worker cannot be used.
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
  const mainShare = opts.offMainThread ? 0 : 1;
  const shares = active.length + mainShare;
  const size = Math.ceil(events.length / shares);
  const parts = Array.from({ length: shares }, (_, i) => events.slice(i * size, (i + 1) * size));
  const jobs = parts.slice(mainShare).map(async (part, i) => {
    const shaped = plainEvents(part);
    const wellFormed = shaped.filter((e) => e !== null);
    try {
      const ok = await active[i].verify(wellFormed);
      let k = 0;
      return shaped.map((e) => (e === null ? false : ok[k++]));
    } catch {
      return verifyEvents(part);
    }
  });
  const mine = mainShare ? await verifyEvents(parts[0]) : [];
  const rest = await Promise.all(jobs);
  return mine.concat(...rest);
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
