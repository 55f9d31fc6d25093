interface Waiter<T> {
  resolve(value: T): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** Promises waiting for a relay answer by id (OK by event id, COUNT by sub-id), each with its own timeout. */
export class WaiterMap<T> {
  private readonly waiters = new Map<string, Waiter<T>>();

  /** Waits for `id`; rejects with `timeoutMessage` after `timeoutMs`. */
  wait(id: string, timeoutMs: number, timeoutMessage: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        reject(new Error(timeoutMessage));
      }, timeoutMs);
      this.waiters.set(id, { resolve, reject, timer });
    });
  }

  /** True when something waits for `id`. */
  has(id: string): boolean {
    return this.waiters.has(id);
  }

  /** Settles the waiter of `id` with a value or an error; false when none waits. */
  settle(id: string, outcome: { value: T } | { error: Error }): boolean {
    const waiter = this.waiters.get(id);
    if (!waiter) return false;
    this.waiters.delete(id);
    clearTimeout(waiter.timer);
    if ('error' in outcome) waiter.reject(outcome.error);
    else waiter.resolve(outcome.value);
    return true;
  }

  /** Rejects every waiter (the connection closed). */
  rejectAll(error: Error): void {
    for (const id of [...this.waiters.keys()]) this.settle(id, { error });
  }
}
