import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';

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
  /**
   * A computation running this long (ms, default 10 s) is taken for hung (a statement that never returns): its slot is
   * freed for the next one and this is logged once; it still settles its own waiters whenever it ends.
   */
  hungMs: number;
}

/** The queue's clocks (ms): the time, and the event loop's busy time so far (injected by tests). */
export interface QueueClock {
  now(): number;
  /** The event loop's total busy time so far (performance.eventLoopUtilization().active). */
  activeMs(): number;
}

/** Extra options of a ComputeQueue: its clock (tests) and where a hung computation is logged. */
export interface ComputeQueueOptions {
  clock?: QueueClock;
  logger?: Pick<Logger, 'warn'>;
}

const REAL_CLOCK: QueueClock = {
  now: () => performance.now(),
  activeMs: () => performance.eventLoopUtilization().active,
};

/** A started computation the queue still counts as running. */
interface Running {
  startedAt: number;
  /** Its slot was freed as hung: its end no longer frees one. */
  freed: boolean;
}

/** The rest's time counted per turn at most (ms): after a long busy stretch, computations do not all start at once. */
const MAX_REST_MS = 10;
/** Computations running at once at most by default (see ComputeShare.maxRunning). */
const DEFAULT_MAX_RUNNING = 16;
/** What one computation is assumed to cost before any was measured (ms). */
const FIRST_COST_MS = 0.5;

/**
 * Starts computations in arrival order, a time budget's worth per event-loop turn (setImmediate), without waiting for
 * earlier ones to finish. Command handlers on SQLite run their queries back to back in microtasks, so a burst of requests started
 * together would be computed in one long turn: no socket read, no cached answer sent, no timer until all were done.
 * Started a few per turn, socket I/O and answers from the cache are served between them, and a computation waiting for
 * I/O (relays, PostgreSQL) holds up nothing.
 *
 * The budget is fair: per turn, computations get about `share` times the main-thread time everything else took since
 * the previous turn (at least one starts), so a loop serving hundreds of cached answers per turn does not starve the
 * misses queued behind them, nor do misses starve the sockets. A computation's cost is learnt from the turns whose
 * computations all finished in the microtasks right after the turn (SQLite): the time from the turn's end to the last
 * of them finishing, per computation (a moving average).
 *
 * Computations start in arrival order. A computation running `hungMs` or more gives its slot up (logged once), so a
 * statement that never returns cannot take the queue's slots one by one.
 */
export class ComputeQueue {
  private readonly waiting: Array<() => void> = [];
  private head = 0;
  private readonly runningJobs = new Set<Running>();
  private scheduled = false;
  private running = 0;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private readonly rule: ComputeShare;
  private readonly clock: QueueClock;
  private readonly logger: Pick<Logger, 'warn'> | undefined;
  /** Moving average of one computation's main-thread time (ms). */
  private cost = FIRST_COST_MS;
  /** When the last turn ended, how many it started, how many of those are still running and when the last finished. */
  private turnEnd: number;
  /** The event loop's busy time when the last turn ended. */
  private activeAtTurnEnd: number;
  private startedLast = 0;
  private unfinishedLast = 0;
  private finishedLast = 0;
  private turnId = 0;

  constructor(rule: Partial<ComputeShare> = {}, options: ComputeQueueOptions = {}) {
    this.rule = {
      maxPerTurn: rule.maxPerTurn ?? 16,
      share: rule.share ?? 1,
      maxRunning: rule.maxRunning ?? DEFAULT_MAX_RUNNING,
      hungMs: rule.hungMs ?? 10_000,
    };
    this.clock = options.clock ?? REAL_CLOCK;
    this.logger = options.logger;
    this.turnEnd = this.clock.now();
    this.activeAtTurnEnd = this.clock.activeMs();
  }

  /** Queues `work`; resolves or rejects with its outcome once it has been started and has finished. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        this.running += 1;
        const turn = this.turnId;
        const slot: Running = { startedAt: this.clock.now(), freed: false };
        this.runningJobs.add(slot);
        const settle = () => {
          this.runningJobs.delete(slot);
          if (!slot.freed) this.running -= 1;
          this.schedule(); // a slot freed: the next turn starts what waits for one
          if (turn !== this.turnId) return;
          this.unfinishedLast -= 1;
          this.finishedLast = this.clock.now();
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
    if (this.scheduled || this.queued === 0) return;
    if (this.running >= this.rule.maxRunning) {
      this.armWatchdog();
      return;
    }
    this.scheduled = true;
    setImmediate(() => this.turn());
  }

  /** While every slot is taken and work waits: look for hung computations when the oldest could first be one. */
  private armWatchdog(): void {
    if (this.watchdog !== undefined) return;
    let oldest = Number.POSITIVE_INFINITY;
    for (const slot of this.runningJobs) if (!slot.freed) oldest = Math.min(oldest, slot.startedAt);
    if (oldest === Number.POSITIVE_INFINITY) return;
    const delay = Math.max(0, oldest + this.rule.hungMs - this.clock.now());
    this.watchdog = setTimeout(() => {
      this.watchdog = undefined;
      if (this.queued === 0) return; // nothing waits for a slot (armed again when something does)
      this.freeHung();
      this.schedule();
    }, delay);
    this.watchdog.unref?.();
  }

  /** Frees the slots of computations running `hungMs` or more (each logged once). */
  private freeHung(): void {
    const now = this.clock.now();
    for (const slot of this.runningJobs) {
      if (slot.freed || now - slot.startedAt < this.rule.hungMs) continue;
      slot.freed = true;
      this.running -= 1;
      this.logger?.warn(
        { runningMs: Math.round(now - slot.startedAt), running: this.running, queued: this.queued },
        'computation still running: its slot is freed (it still answers its own requests when it ends)',
      );
    }
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
    const busy = this.clock.activeMs() - this.activeAtTurnEnd;
    const rest = Math.min(MAX_REST_MS, Math.max(0, Math.min(now - this.turnEnd, busy) - computing));
    const fair = Math.floor((rest * this.rule.share) / this.cost);
    const free = this.rule.maxRunning - this.running;
    return Math.min(free, Math.max(1, Math.min(this.rule.maxPerTurn, fair)));
  }

  private turn(): void {
    this.scheduled = false;
    const now = this.clock.now();
    const allowed = this.allowance(now);
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
    this.turnEnd = this.clock.now();
    this.activeAtTurnEnd = this.clock.activeMs();
    // an immediate set during the check phase runs on the next loop turn, after socket I/O has been polled
    this.schedule();
  }
}
