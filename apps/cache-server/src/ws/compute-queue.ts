/**
 * Starts computations in arrival order, `perTurn` per event-loop turn (setImmediate), without waiting for earlier
 * ones to finish. Command handlers on SQLite run their queries back to back in microtasks, so a burst of requests
 * started together would be computed in one long turn: no socket read, no cached answer sent, no timer until all
 * were done. Started a few per turn, socket I/O and answers from the cache are served between them, and a
 * computation waiting for I/O (relays, PostgreSQL) holds up nothing.
 */
export class ComputeQueue {
  private readonly waiting: Array<() => void> = [];
  private head = 0;
  private scheduled = false;
  private running = 0;

  constructor(private readonly perTurn = 1) {}

  /** Queues `work`; resolves or rejects with its outcome once it has been started and has finished. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const settle = () => {
        this.running -= 1;
      };
      this.waiting.push(() => {
        this.running += 1;
        try {
          const started = work();
          started.then(settle, settle);
          started.then(resolve, reject);
        } catch (err) {
          settle();
          reject(err);
        }
      });
      this.schedule();
    });
  }

  /** Computations queued or started and not yet finished (0: the queue is idle). */
  get backlog(): number {
    return this.queued + this.running;
  }

  /** Computations queued and not yet started. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  private schedule(): void {
    if (this.scheduled || this.queued === 0) return;
    this.scheduled = true;
    setImmediate(() => this.turn());
  }

  private turn(): void {
    this.scheduled = false;
    for (let i = 0; i < this.perTurn && this.queued > 0; i++) {
      const start = this.waiting[this.head];
      this.head += 1;
      start();
    }
    if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
    // an immediate set during the check phase runs on the next loop turn, after socket I/O has been polled
    this.schedule();
  }
}
