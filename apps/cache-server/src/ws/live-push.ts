import type { CacheEvent } from '@tide/core/nostr';
import type { Logger } from 'pino';
import type { LiveSpec } from '../commands/context.ts';
import type { ChangeNotifier } from '../read-cache/change-notifier.ts';

/**
 * Runs one long-lived subscription: recomputes on its topics and period, at most once per `minIntervalMs`,
 * never two computations at once, pushing only changed, non-empty results. Returns the stop function.
 */
export function startLivePush(
  spec: LiveSpec,
  notifier: ChangeNotifier,
  push: (events: CacheEvent[]) => void,
  logger: Logger,
): () => void {
  const minInterval = spec.minIntervalMs ?? 1000;
  const onlyOnChange = spec.onlyOnChange ?? true;
  let stopped = false;
  let running = false;
  let dirty = false;
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let lastJson: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = async (): Promise<void> => {
    running = true;
    dirty = false;
    lastRunAt = Date.now();
    try {
      const events = await spec.produce();
      if (stopped) return;
      const json = JSON.stringify(events);
      if (events.length > 0 && !(onlyOnChange && json === lastJson)) push(events);
      lastJson = json;
    } catch (err) {
      logger.warn({ err }, 'live push failed');
    } finally {
      running = false;
    }
    if (dirty && !stopped) trigger();
  };

  const trigger = (): void => {
    if (stopped) return;
    if (running) {
      dirty = true;
      return;
    }
    if (timer) return;
    const wait = lastRunAt + minInterval - Date.now();
    if (wait <= 0) {
      void run();
      return;
    }
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, wait);
  };

  const offs = (spec.topics ?? []).map((topic) => notifier.on(topic, trigger));
  const interval = spec.everyMs ? setInterval(trigger, spec.everyMs) : null;
  if (spec.initial ?? true) trigger();

  return () => {
    stopped = true;
    for (const off of offs) off();
    if (interval) clearInterval(interval);
    if (timer) clearTimeout(timer);
  };
}
