// The load bench's server process: started as a user would start it, asked for its serving figures by SIGUSR2.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** A running server process of the load bench. */
export interface Started {
  child: ChildProcess;
  url: string;
  /** Asks the server for its serving figures since the previous ask (SIGUSR2 → one `stats {...}` line). */
  stats(): Promise<ServingStats>;
}

/** The serving figures a server prints on SIGUSR2. */
export interface ServingStats {
  answers: { hits: number; joined: number; misses: number };
  warm?: { source: string; events: number; users: number; ms: number; cut: boolean };
  loopDelayMs: { p50: number; p99: number; max: number };
  reads?: { served: number; maxPending: number };
}

/** What the server process is started on: the seeded scale, the PostgreSQL schema (if any), the SQL profile file. */
export interface ServerProcessOptions {
  scale: number;
  pgSchema?: string;
  sqlProfile?: string;
}

/** Starts the caching service (main.ts, or BENCH_SERVER_MAIN) on `dbPath` and resolves once it listens. */
export function startServerProcess(dbPath: string, options: ServerProcessOptions): Promise<Started> {
  const nodeArgs = ['--import', 'tsx'];
  if (process.env.BENCH_CPU_PROF) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF);
  if (process.env.BENCH_NODE_ARGS) nodeArgs.push(...process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean));
  const main = resolve(process.env.BENCH_SERVER_MAIN ?? 'apps/cache-server/src/main.ts');
  const args = [...nodeArgs, main, '--port', '0', '--db', dbPath];
  args.push('--seed', '--scale', String(options.scale));
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  if (process.env.BENCH_CACHE_MS !== undefined) env.TIDE_RESPONSE_CACHE_MS = process.env.BENCH_CACHE_MS;
  const maxAge = process.env.BENCH_CACHE_MAX_AGE_MS;
  if (maxAge !== undefined) env.TIDE_RESPONSE_CACHE_MAX_AGE_MS = maxAge;
  if (process.env.BENCH_READ_WORKERS !== undefined) env.TIDE_READ_WORKERS = process.env.BENCH_READ_WORKERS;
  if (options.pgSchema) env.TIDE_PG_SCHEMA = options.pgSchema;
  if (options.sqlProfile) env.TIDE_SQL_PROFILE = options.sqlProfile;
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  let started = false;
  const statsWaiters: Array<(stats: ServingStats) => void> = [];
  // older copies of main.ts (BENCH_SERVER_MAIN) may not answer SIGUSR2 (it would end them)
  const hasStats = readFileSync(main, 'utf8').includes('SIGUSR2');
  const noStats: ServingStats = {
    answers: { hits: Number.NaN, joined: 0, misses: 0 },
    loopDelayMs: { p50: Number.NaN, p99: Number.NaN, max: Number.NaN },
  };
  const stats = () =>
    new Promise<ServingStats>((resolveStats) => {
      if (!hasStats) return resolveStats(noStats);
      statsWaiters.push(resolveStats);
      child.kill('SIGUSR2');
    });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 900_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      for (let nl = out.indexOf('\n'); started && nl >= 0; nl = out.indexOf('\n')) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        if (line.startsWith('stats ')) statsWaiters.shift()?.(JSON.parse(line.slice(6)) as ServingStats);
      }
      const m = out.match(/Tide is running: (http:\/\/[^/\s]+)\//);
      if (m && !started) {
        started = true;
        out = out.slice(out.indexOf('\n', m.index) + 1);
        clearTimeout(timer);
        ok({ child, url: `${m[1].replace('http', 'ws')}/v1`, stats });
      }
    });
    child.on('exit', (code) => fail(new Error(`server exited (${code}): ${out}`)));
  });
}
