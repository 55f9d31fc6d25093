import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type ResponseCacheStats, responseCacheFor, responseCacheOptions } from '../answers/index.ts';
import type { ServerLimits } from '../limits.ts';
import type { ChangeNotifier } from '../read-cache/change-notifier.ts';
import type { WarmReport } from '../read-cache/warm-start.ts';
import type { ReadPool, ReadPoolStats } from '../workers/index.ts';

/** How the server served since the previous `stats()` call. */
export interface ServingStats {
  /** Cacheable requests answered from a finished answer, by joining a running computation, or computed. */
  answers: ResponseCacheStats;
  /** Event-loop delay in ms (how long ready work waited for the main thread). */
  loopDelayMs: { p50: number; p99: number; max: number };
  /** Requests the read workers served and the most waiting at once (absent without read workers). */
  reads?: ReadPoolStats;
  /** What the read cache's warm start loaded, once it is over (absent without one, or while it runs). */
  warm?: WarmReport;
}

/** Starts measuring the event loop; `take()` returns the figures since the previous take, `stop()` ends it. */
export function servingStats(
  notifier: ChangeNotifier,
  limits: ServerLimits,
  reads?: ReadPool,
  warm?: () => WarmReport | undefined,
): { take(): ServingStats; stop(): void } {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  return {
    take: () => {
      const result: ServingStats = {
        answers: responseCacheFor(notifier, responseCacheOptions(limits)).takeStats(),
        loopDelayMs: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
        ...(reads ? { reads: reads.takeStats() } : {}),
      };
      const warmed = warm?.();
      if (warmed) result.warm = warmed;
      loop.reset();
      return result;
    },
    stop: () => loop.disable(),
  };
}
