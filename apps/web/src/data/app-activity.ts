/** App activity (spec §4): woke, asleep after inactivity, waking for a grace period after activity resumes. */
export type ActivityState = 'woke' | 'sleep' | 'waking';

/** Inactivity before sleep: 5 minutes (spec §9). */
export const INACTIVITY_MS = 5 * 60_000;
/** Waking grace period: 36 s (spec §9). */
export const WAKING_MS = 36_000;

/** Timer functions, injectable for tests. */
export interface ActivityTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** Options of {@link AppActivity}. */
export interface AppActivityOptions {
  timers?: ActivityTimers;
  inactivityMs?: number;
  wakingMs?: number;
}

const realTimers: ActivityTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The activity state machine: `touch()` on user activity; woke → sleep after `inactivityMs` without a touch;
 * a touch while asleep → waking, then woke after `wakingMs`.
 */
export class AppActivity {
  private current: ActivityState = 'woke';
  private readonly timers: ActivityTimers;
  private readonly inactivityMs: number;
  private readonly wakingMs: number;
  private sleepTimer: unknown = null;
  private wakeTimer: unknown = null;
  private readonly listeners = new Set<(state: ActivityState, previous: ActivityState) => void>();

  constructor(options: AppActivityOptions = {}) {
    this.timers = options.timers ?? realTimers;
    this.inactivityMs = options.inactivityMs ?? INACTIVITY_MS;
    this.wakingMs = options.wakingMs ?? WAKING_MS;
    this.armSleep();
  }

  /** The current state. */
  get state(): ActivityState {
    return this.current;
  }

  /** Calls `listener` on every change; returns the function that stops it. */
  onChange(listener: (state: ActivityState, previous: ActivityState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records user activity: restarts the inactivity timer, and wakes the app when asleep. */
  touch(): void {
    if (this.current === 'sleep') {
      this.set('waking');
      this.wakeTimer = this.timers.setTimeout(() => {
        this.wakeTimer = null;
        if (this.current === 'waking') this.set('woke');
      }, this.wakingMs);
    }
    this.armSleep();
  }

  /** Stops every timer (the app is going away). */
  dispose(): void {
    if (this.sleepTimer !== null) this.timers.clearTimeout(this.sleepTimer);
    if (this.wakeTimer !== null) this.timers.clearTimeout(this.wakeTimer);
    this.sleepTimer = null;
    this.wakeTimer = null;
    this.listeners.clear();
  }

  private armSleep(): void {
    if (this.sleepTimer !== null) this.timers.clearTimeout(this.sleepTimer);
    this.sleepTimer = this.timers.setTimeout(() => {
      this.sleepTimer = null;
      if (this.wakeTimer !== null) this.timers.clearTimeout(this.wakeTimer);
      this.wakeTimer = null;
      this.set('sleep');
    }, this.inactivityMs);
  }

  private set(state: ActivityState): void {
    const previous = this.current;
    if (state === previous) return;
    this.current = state;
    for (const listener of this.listeners) listener(state, previous);
  }
}

/** DOM events that count as user activity. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/** Feeds DOM activity (throttled to one touch per second) into `activity`; returns the function that stops it. */
export function watchDomActivity(activity: AppActivity, target: EventTarget = globalThis): () => void {
  let last = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - last < 1000 && activity.state === 'woke') return;
    last = now;
    activity.touch();
  };
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, { passive: true });
  const onVisible = () => {
    if (globalThis.document?.visibilityState === 'visible') onActivity();
  };
  globalThis.document?.addEventListener('visibilitychange', onVisible);
  return () => {
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity);
    globalThis.document?.removeEventListener('visibilitychange', onVisible);
  };
}
