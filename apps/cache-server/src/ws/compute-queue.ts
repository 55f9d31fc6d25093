/**
 * Runs at most `concurrency` computations at once, in arrival order, each started from its own event-loop turn
 * (setImmediate). Command handlers on SQLite run their queries back to back in microtasks, so without this a burst
 * of requests would be computed in one long turn: no socket read, no cached answer sent, no timer until all were
 * done. Started one turn at a time, socket I/O and answers from the cache are served between them.
 */
export class ComputeQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private head = 0;

  constructor(private readonly concurrency: number) {}

  /** Queues `work`; resolves or rejects with its outcome once it has had its turn. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        let started: Promise<T>;
        try {
          started = work();
        } catch (err) {
          started = Promise.reject(err);
        }
        started.then(resolve, reject).finally(() => {
          this.running -= 1;
          this.startNext();
        });
      });
      this.startNext();
    });
  }

  /** Computations queued and not yet started. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  private startNext(): void {
    while (this.running < this.concurrency && this.head < this.waiting.length) {
      const start = this.waiting[this.head];
      this.head += 1;
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting.splice(0, this.head);
        this.head = 0;
      }
      this.running += 1;
      setImmediate(start);
    }
  }
}
