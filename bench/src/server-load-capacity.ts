// The load bench's headline: how many paced clients (the realistic mix, one request per second each, the writer on)
// the server holds with p95 <= 100 ms. A search over the client count: doubling from a start until a step fails, then
// halving the gap between the last pass and the first failure. Pure logic here; the bench runs the probes.

/** One probe's result: the p95 of the answers and whether every socket stayed connected. */
export interface ProbeResult {
  p95: number;
  dropped: number;
}

/** What one capacity search did: every client count it tried and the largest that passed. */
export interface CapacityRun {
  capacity: number;
  steps: Array<{ clients: number; p95: number; dropped: number; pass: boolean }>;
}

/** Settings of the search. */
export interface CapacityOptions {
  targetP95Ms: number;
  start: number;
  max: number;
  /** Stop halving once the gap between pass and fail is at most this share of the pass (0.1 = 10%). */
  resolution: number;
}

/** Whether a probe passes: p95 within the target and no dropped connection. */
export function passes(result: ProbeResult, targetP95Ms: number): boolean {
  return result.p95 <= targetP95Ms && result.dropped === 0;
}

/**
 * Finds the largest client count that passes: doubles from `start` (up to `max`) until a probe fails, then bisects
 * between the last pass and the first failure to `resolution`. A first probe that fails bisects down from it (to 0).
 */
export async function findCapacity(
  probe: (clients: number) => Promise<ProbeResult>,
  options: CapacityOptions,
): Promise<CapacityRun> {
  const steps: CapacityRun['steps'] = [];
  const tryAt = async (clients: number) => {
    const result = await probe(clients);
    const pass = passes(result, options.targetP95Ms);
    steps.push({ clients, p95: result.p95, dropped: result.dropped, pass });
    return pass;
  };
  let good = 0;
  let bad = 0;
  let n = options.start;
  while (n <= options.max) {
    if (!(await tryAt(n))) {
      bad = n;
      break;
    }
    good = n;
    n *= 2;
  }
  if (bad === 0) return { capacity: good, steps };
  while (bad - good > Math.max(10, good * options.resolution)) {
    const mid = Math.round((good + bad) / 2);
    if (await tryAt(mid)) good = mid;
    else bad = mid;
  }
  return { capacity: good, steps };
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The spread of some numbers: (max - min) / median, as a share. */
export function spread(values: readonly number[]): number {
  if (!values.length) return Number.NaN;
  return (Math.max(...values) - Math.min(...values)) / median(values);
}
