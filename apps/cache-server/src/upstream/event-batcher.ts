/** Options of an {@link EventBatcher}. */
export interface EventBatcherOptions<T> {
  /** Most items handed over at once. */
  maxBatch: number;
  /** Longest time the oldest waiting item waits for company while nothing is being handled. */
  maxWaitMs: number;
  /** Handles one batch; batches are handled one at a time, in arrival order. */
  handle: (batch: T[]) => Promise<void>;
  /** Called when `handle` throws (the batcher goes on with the next batch). */
  onError?: (err: unknown) => void;
}

/**
 * Collects items into batches for a consumer that prefers few large calls (ingest writes one transaction per
 * call): a batch goes when it holds `maxBatch` items or its oldest item has waited `maxWaitMs`, whichever comes
 * first. While a batch is being handled the next one keeps filling (up to `maxBatch`) and goes as soon as the
 * handler is free if it is full or due; so a lone item waits at most `maxWaitMs` (or until the batch before it is
 * written), and a fast stream is handed over in full batches with no timer in between.
 */
export class EventBatcher<T> {
  private pending: T[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private due = false;
  private running: Promise<void> | null = null;
  /** Batches handed over so far (for tests and stats). */
  batches = 0;

  constructor(private readonly opts: EventBatcherOptions<T>) {}

  /** Items waiting (not yet handed over). */
  get waiting(): number {
    return this.pending.length;
  }

  /** Adds one item; hands over a batch now when it is full and the handler is free. */
  push(item: T): void {
    this.pending.push(item);
    if (!this.timer && !this.due) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.due = true;
        this.pump();
      }, this.opts.maxWaitMs);
      this.timer.unref?.();
    }
    if (this.pending.length >= this.opts.maxBatch) this.pump();
  }

  /** Hands over everything waiting now and resolves when every batch is handled. */
  async flush(): Promise<void> {
    while (this.running || this.pending.length > 0) {
      this.due = true;
      this.pump();
      await this.running;
    }
  }

  private pump(): void {
    if (this.running || this.pending.length === 0) return;
    if (!this.due && this.pending.length < this.opts.maxBatch) return;
    const batch = this.pending.splice(0, this.opts.maxBatch);
    if (this.pending.length === 0) {
      // Items left over keep the timer (it was started for an older item, so it fires no later than theirs would).
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.due = false;
    }
    this.batches += 1;
    this.running = this.opts
      .handle(batch)
      .catch((err: unknown) => this.opts.onError?.(err))
      .finally(() => {
        this.running = null;
        this.pump();
      });
  }
}
