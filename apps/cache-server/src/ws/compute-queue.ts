import { performance } from 'node:perf_hooks';

/** How a ComputeQueue shares the main thread between computations and everything else. */
export interface ComputeShare {
  /** Computations started per turn at most. */
  maxPerTurn: number;
  /**
   * Main-thread time computations may take per turn, as a share of the time everything else (socket reads, cached
   * answers, writes, timers) took since the previous turn; at least one computation starts per turn.
   */
  share: number;
  /**
   * Computations started and not yet finished at most (default 16). A computation waiting for I/O (PostgreSQL) stays
   * running; without a bound every queued miss starts within a few turns and they all progress at once, each statement
   * queued behind every other computation's.
   */
  maxRunning: number;
}

/** The rest's time counted per turn at most (ms): after a long busy stretch, computations do not all start at once. */
const MAX_REST_MS = 10;
/** Computations running at once at most by default (see ComputeShare.maxRunning). */
const DEFAULT_MAX_RUNNING = 16;
/** What one computation is assumed to cost before any was measured (ms). */
const FIRST_COST_MS = 0.5;

/**
 * Starts computations in arrival order, a time budget's worth per event-loop turn (setImmediate), without waiting for
 * earlier ones to finish. Command handlers on SQLite run their queries back to back in microtasks, so a burst of
 * requests started together would be computed in one long turn: no socket read, no cached answer sent, no timer until
 * all were done. Started a few per turn, socket I/O and answers from the cache are served between them, and a
 * computation waiting for I/O (relays, PostgreSQL) holds up nothing.
 *
 * The budget is fair: per turn, computations get about `share` times the main-thread time everything else took since
 * the previous turn (at least one starts), so a loop serving hundreds of cached answers per turn does not starve the
 * misses queued behind them, nor do misses starve the sockets. A computation's cost is learnt from the turns whose
 * computations all finished in the microtasks right after the turn (SQLite): the time from the turn's end to the last
 * of them finishing, per computation (a moving average).
 */
export class ComputeQueue {
  private readonly waiting: Array<() => void> = [];
  private head = 0;
  private scheduled = false;
  private running = 0;
  private readonly rule: ComputeShare;
  /** Moving average of one computation's main-thread time (ms). */
  private cost = FIRST_COST_MS;
  /** When the last turn ended, how many it started, how many of those are still running and when the last finished. */
  private turnEnd = performance.now();
  /** The event loop's busy and idle times when the last turn ended. */
  private loopAtTurnEnd = performance.eventLoopUtilization();
  private startedLast = 0;
  private unfinishedLast = 0;
  private finishedLast = 0;
  private turnId = 0;

  constructor(rule: Partial<ComputeShare> = {}) {
    this.rule = {
      maxPerTurn: rule.maxPerTurn ?? 16,
      share: rule.share ?? 1,
      maxRunning: rule.maxRunning ?? DEFAULT_MAX_RUNNING,
    };
  }

  /** Queues `work`; resolves or rejects with its outcome once it has been started and has finished. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        this.running += 1;
        const turn = this.turnId;
        const settle = () => {
          this.running -= 1;
          this.schedule(); // a slot freed: the next turn starts what waits for one
          if (turn !== this.turnId) return;
          this.unfinishedLast -= 1;
          this.finishedLast = performance.now();
        };
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

  /** The moving average of one computation's main-thread time, in ms (for stats and tests). */
  get computationCostMs(): number {
    return this.cost;
  }

  private schedule(): void {
    if (this.scheduled || this.queued === 0 || this.running >= this.rule.maxRunning) return;
    this.scheduled = true;
    setImmediate(() => this.turn());
  }

  /** How many computations this turn may start: their expected time about `share` times the rest's. */
  private allowance(now: number): number {
    let computing = 0;
    if (this.startedLast > 0 && this.unfinishedLast === 0) {
      // the last turn's computations all finished in the microtasks right after it: learn their cost
      computing = Math.max(0, this.finishedLast - this.turnEnd);
      this.cost = 0.8 * this.cost + 0.2 * Math.max(0.01, computing / this.startedLast);
    }
    // what the loop was busy with since the last turn besides its computations (idle waiting does not count)
    const busy = performance.eventLoopUtilization(this.loopAtTurnEnd).active;
    const rest = Math.min(MAX_REST_MS, Math.max(0, Math.min(now - this.turnEnd, busy) - computing));
    const fair = Math.floor((rest * this.rule.share) / this.cost);
    const free = this.rule.maxRunning - this.running;
    return Math.min(free, Math.max(1, Math.min(this.rule.maxPerTurn, fair)));
  }

  private turn(): void {
    this.scheduled = false;
    const allowed = this.allowance(performance.now());
    this.turnId += 1;
    let started = 0;
    this.unfinishedLast = 0;
    for (; started < allowed && this.queued > 0; started++) {
      const start = this.waiting[this.head];
      this.head += 1;
      this.unfinishedLast += 1;
      start();
    }
    this.startedLast = started;
    if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
    this.turnEnd = performance.now();
    this.loopAtTurnEnd = performance.eventLoopUtilization();
    // an immediate set during the check phase runs on the next loop turn, after socket I/O has been polled
    this.schedule();
  }
}
