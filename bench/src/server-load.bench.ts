// Caching-service load: concurrent WebSocket clients on loopback against the real server in its own process
// (node --import tsx main.ts) on a seeded store (BENCH_SCALE events, kept in bench/.data/ and reused). The clients
// run in a worker thread (server-load-client.ts), negotiate zlib like the web app and send a varied mix (home feeds
// of different viewers, profiles, profile notes, threads, explore, search) in these modes:
//   capacity (the headline): how many paced clients (one request per second each, with jitter) the server holds at
//            p95 <= 100 ms and no dropped connection, with the writer on; a search over the client count
//            (server-load-capacity.ts), BENCH_CAPACITY_RUNS (3) times on the same server, printed as the median and
//            the spread of the runs;
//   closed:  500 sockets each sending its next request when the previous EOSE arrives: the server's throughput
//            (saturation, not what users see: its p95 is the queue of 500 sockets, not a latency target);
//   paced:   BENCH_SOCKETS sockets at one request per second (one crowd size, in detail).
// The writer publishes BENCH_WRITER_RATE signed events per second (notes, replies, reactions of sampled users) over
// its own relay socket: the figures with a changing store. BENCH_STATIC=1 adds each mode's run on a static store.
// The server runs on a copy of the seeded store (the writer's events never reach the seeded file).
// Prints throughput, p50/p95/p99, the requests over 100 ms and the answers computed / joined (counting figures: on a
// fresh server nearly every request that waits for a computation is slow, so the p95 passes when the run serves 20
// times as many requests as that), dropped connections, server CPU per request and per computed answer, server RSS,
// the load average, the p95 per window of the run (1 s for 10 s runs: a fresh server's first seconds show) and, on
// PostgreSQL, the CPU of the server's own backends (matched by client port) and of all PostgreSQL processes.
// A share of the sockets (BENCH_GUESTS, default 0.3) browse as guests: no user_pubkey, so their answers are shared;
// the others are signed-in users whose answers are personalised (one answer per viewer); the p95 of those with a mute
// list (whose answers are computed per viewer, never layered on a shared one) is printed apart too.
// BENCH_MODES=capacity,closed (or paced)  BENCH_SOCKETS=500  BENCH_SECONDS=10  BENCH_SCALE=22000
// BENCH_WRITER_RATE=20 (0: static only)  BENCH_STATIC=1 adds the static runs
// BENCH_CAPACITY_RUNS=3  BENCH_PROBE_SECONDS=6 (one step of the search)  BENCH_CAPACITY_START=250  BENCH_CAPACITY_MAX=8000
// BENCH_CACHE_MS=<ms> sets the server's answer cache (TIDE_RESPONSE_CACHE_MS; 0 = off)
// BENCH_CACHE_MAX_AGE_MS=<ms> its reuse while the store is unchanged (TIDE_RESPONSE_CACHE_MAX_AGE_MS; 1000: about the old 1 s rule)
// BENCH_READ_WORKERS=<n> serves cacheable reads from n worker threads (TIDE_READ_WORKERS)
// BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile there (node --cpu-prof).
// BENCH_NODE_ARGS='<flags>' adds node flags to the server process (to measure a V8 setting, e.g. --max-semi-space-size=64).
// BENCH_SERVER_MAIN=<path> runs another copy of main.ts (e.g. an older commit's, to compare).
// BENCH_SQL_PROFILE=<file> has the server sum its queries' time by SQL shape there (TIDE_SQL_PROFILE) and prints each
// run's top shapes (main thread only; on PostgreSQL wall time, so waits for the pool and the event loop count too).
// BENCH_DATABASE_URL=postgres://... runs the server on PostgreSQL instead, in schema BENCH_PG_SCHEMA (default
// bench_queries_<BENCH_SCALE>: the query bench's seeded store). No copy is made there: the writer's events stay in it.
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import postgres from 'postgres';
import { type CapacityRun, findCapacity, median, spread } from './server-load-capacity.ts';
import type { LoadJob, LoadOutcome, LoadSamples } from './server-load-client.ts';
import { backendCpu, cpuMs, p95Timeline, postgresCpuSince, rssMb } from './server-load-measure.ts';
import { type Started, startServerProcess } from './server-load-process.ts';
import { readSamples, readSamplesPg } from './server-load-samples.ts';
import { printSqlShapes, sqlSums } from './server-load-sql.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SCALE = Number(process.env.BENCH_SCALE ?? 22_000);
const PG_URL = process.env.BENCH_DATABASE_URL;
const PG_SCHEMA = process.env.BENCH_PG_SCHEMA ?? `bench_queries_${SCALE}`;
const MODES = (process.env.BENCH_MODES ?? 'capacity,closed').split(',') as Array<LoadJob['mode'] | 'capacity'>;
const GUESTS = Number(process.env.BENCH_GUESTS ?? 0.3);
const WRITER_RATE = Number(process.env.BENCH_WRITER_RATE ?? 20);
const STATIC = process.env.BENCH_STATIC === '1';
const CAPACITY_RUNS = Number(process.env.BENCH_CAPACITY_RUNS ?? 3);
const PROBE_SECONDS = Number(process.env.BENCH_PROBE_SECONDS ?? 6);
const CAPACITY_START = Number(process.env.BENCH_CAPACITY_START ?? 250);
const CAPACITY_MAX = Number(process.env.BENCH_CAPACITY_MAX ?? 8000);
const TARGET_P95_MS = 100;
const SQL_PROFILE = process.env.BENCH_SQL_PROFILE;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function print(name: string, value: number, unit: string, target = '', digits = 2): void {
  const rounded = Math.round(value * 10 ** digits) / 10 ** digits;
  console.log(`${name.padEnd(44)} ${String(rounded).padStart(10)} ${unit.padEnd(8)} ${target}`);
}

function runWorker(job: LoadJob): Promise<LoadOutcome> {
  return new Promise((ok, fail) => {
    // the worker registers tsx's loader itself (workers do not inherit it), then loads the client module
    const client = new URL('./server-load-client.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(client)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: job });
    worker.once('message', (outcome: LoadOutcome) => {
      ok(outcome);
      void worker.terminate();
    });
    worker.once('error', fail);
  });
}

async function load(server: Started, mode: LoadJob['mode'], samples: LoadSamples, writer: number): Promise<void> {
  const pid = server.child.pid as number;
  const label = `${mode === 'closed' ? 'closed loop' : 'paced 1/s'}${writer > 0 ? ` + writer ${writer}/s` : ''}`;
  const started = performance.now();
  await server.stats();
  const sqlBefore = sqlSums(SQL_PROFILE);
  const cpuBefore = cpuMs(pid);
  const allPg = PG_URL ? postgresCpuSince() : () => 0;
  const serverPg = PG_URL ? await backendCpu(pid, pgAdmin(PG_URL)) : undefined;
  const clientBefore = process.cpuUsage();
  const outcome = await runWorker({
    url: server.url,
    sockets: SOCKETS,
    seconds: SECONDS,
    mode,
    samples,
    guests: GUESTS,
    relayUrl: server.url.replace(/\/v1$/, '/'),
    writerPerSecond: writer,
  });
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = cpuMs(pid) - cpuBefore;
  const pgCpu = allPg();
  const serverPgCpu = serverPg ? await serverPg() : 0;
  const client = process.cpuUsage(clientBefore);
  const { answers, loopDelayMs, reads, warm } = await server.stats();
  const cacheable = answers.hits + answers.joined + answers.misses;
  // per kind of request, and guests (shared answers) apart from signed-in users (personalised ones)
  const byLabel = new Map<string, number[]>();
  const add = (key: string, ms: number) => {
    const list = byLabel.get(key) ?? [];
    list.push(ms);
    byLabel.set(key, list);
  };
  outcome.labels.forEach((l, i) => {
    const guest = l.endsWith(':guest');
    const muter = l.endsWith(':muter');
    add(guest || muter ? l.slice(0, -6) : l, outcome.latencies[i]);
    add(guest ? 'guests' : 'signed-in', outcome.latencies[i]);
    if (muter) add('muters', outcome.latencies[i]);
    if (muter) add(`muters/${l.slice(0, -6)}`, outcome.latencies[i]);
  });
  const windowS = Math.max(1, Math.round(SECONDS / 20));
  const timeline = p95Timeline(outcome.latencies, outcome.times, windowS * 1000);
  const lat = outcome.latencies.sort();
  const n = Math.max(1, lat.length);
  print(`${label}: sockets`, SOCKETS, 'count');
  if (mode === 'closed') print(`${label}: throughput`, lat.length / elapsed, 'req/s', 'saturation, not a latency');
  else print(`${label}: requests/s`, lat.length / elapsed, 'req/s');
  print(`${label}: p50 latency`, percentile(lat, 50), 'ms');
  print(
    `${label}: p95 latency`,
    percentile(lat, 95),
    'ms',
    mode === 'closed' ? `${SOCKETS} sockets queueing` : `target <= ${TARGET_P95_MS} ms`,
  );
  print(`${label}: p99 latency`, percentile(lat, 99), 'ms');
  // closed loop: guests' shared answers come back fastest, so their sockets send most requests; the split shows
  // what personalised requests (the misses) wait
  for (const [group, who] of [
    ['signed-in', 'signed-in users'],
    ['muters', 'signed-in with mutes'],
    ['guests', 'guests'],
  ]) {
    const list = Float64Array.from(byLabel.get(group) ?? []).sort();
    print(
      `${label}: p95 latency, ${who}`,
      percentile(list, 95),
      'ms',
      `${Math.round((100 * list.length) / n)}% of requests`,
    );
  }
  print(`${label}: dropped connections`, outcome.dropped, 'count', 'target 0');
  print(`${label}: NOTICE answers`, outcome.notices, 'count');
  print(`${label}: server CPU per request`, serverCpu / n, 'ms', '', 3);
  const misses = Math.max(1, answers.misses);
  print(`${label}: server CPU per computed answer`, serverCpu / misses, `ms (${answers.misses} computed)`, '', 2);
  print(`${label}: server CPU busy (of one core)`, serverCpu / (elapsed * 10), '%');
  if (PG_URL) {
    print(`${label}: PostgreSQL CPU per request (server's backends)`, serverPgCpu / n, 'ms', '', 3);
    print(`${label}: PostgreSQL CPU per computed answer (server's backends)`, serverPgCpu / misses, 'ms');
    print(
      `${label}: PostgreSQL CPU busy (server's / all backends)`,
      serverPgCpu / (elapsed * 10),
      `/ ${Math.round(pgCpu / (elapsed * 10))} %`,
    );
  }
  print(`${label}: bench client CPU per request`, (client.user + client.system) / 1000 / n, 'ms');
  print(`${label}: answers shared (cache hit or joined)`, (100 * (answers.hits + answers.joined)) / cacheable, '%');
  // the slow requests: on a fresh server, the ones that waited for a computation (a miss or one joining it)
  const firstSlow = lat.findIndex((ms) => ms > TARGET_P95_MS);
  const slowCount = firstSlow < 0 ? 0 : lat.length - firstSlow;
  print(`${label}: requests over ${TARGET_P95_MS} ms`, slowCount, `(${((100 * slowCount) / n).toFixed(1)}%)`);
  print(`${label}: answers computed / joined`, answers.misses, `/ ${answers.joined}`);
  print(`${label}: event-loop delay p99 / max`, loopDelayMs.p99, `/ ${loopDelayMs.max} ms`);
  print(`${label}: server RSS`, rssMb(pid), 'MB');
  if (writer > 0) {
    const w = outcome.writer;
    print(
      `${label}: writer events accepted / sent`,
      w.accepted,
      `/ ${w.sent}`,
      w.refused ? `${w.refused} refused` : '',
    );
  }
  print(`${label}: load average (1 min, ${cpus().length} cores)`, loadavg()[0], '');
  console.log(`${label}: mix ${JSON.stringify(outcome.mix)}`);
  console.log(`${label}: p95 ms per ${windowS} s of the run: ${timeline.join(' ')}`);
  const groups = ['guests', 'signed-in', 'muters'];
  const byRequest = (muters: boolean) =>
    [...byLabel]
      .filter(([l]) => !groups.includes(l) && l.startsWith('muters/') === muters)
      .map(([l, list]) => {
        const sorted = Float64Array.from(list).sort();
        const name = muters ? l.slice(7) : l;
        return `${name} ${Math.round(percentile(sorted, 50) * 10) / 10}/${Math.round(percentile(sorted, 95) * 10) / 10}`;
      })
      .join(', ');
  console.log(`${label}: p50/p95 ms by request: ${byRequest(false)}`);
  console.log(`${label}: p50/p95 ms by request, signed-in with mutes: ${byRequest(true)}`);
  if (warm) console.log(`${label}: read cache warm start: ${JSON.stringify(warm)}`);
  if (reads) console.log(`${label}: read workers served ${reads.served}, at most ${reads.maxPending} waiting`);
  if (SQL_PROFILE) printSqlShapes(label, sqlBefore, sqlSums(SQL_PROFILE));
}

let admin: postgres.Sql | undefined;
/** One connection for the bench's own look-ups in PostgreSQL's statistics views. */
function pgAdmin(url: string): postgres.Sql {
  admin ??= postgres(url, { max: 1, onnotice: () => {} });
  return admin;
}

/** One step of the capacity search: `clients` paced sockets for PROBE_SECONDS with the writer on. */
async function probe(server: Started, samples: LoadSamples, clients: number) {
  const outcome = await runWorker({
    url: server.url,
    sockets: clients,
    seconds: PROBE_SECONDS,
    mode: 'paced',
    samples,
    guests: GUESTS,
    relayUrl: server.url.replace(/\/v1$/, '/'),
    writerPerSecond: WRITER_RATE,
  });
  return { p95: percentile(outcome.latencies.sort(), 95), dropped: outcome.dropped };
}

/** The headline: the paced clients held at p95 <= 100 ms with the writer on, median and spread of the runs. */
async function capacity(server: Started, samples: LoadSamples): Promise<void> {
  // the first seconds of a fresh server fill its answer cache: one probe to warm it, not counted
  await probe(server, samples, CAPACITY_START);
  const runs: CapacityRun[] = [];
  for (let i = 1; i <= CAPACITY_RUNS; i++) {
    const run = await findCapacity((clients) => probe(server, samples, clients), {
      targetP95Ms: TARGET_P95_MS,
      start: CAPACITY_START,
      max: CAPACITY_MAX,
      resolution: 0.1,
    });
    runs.push(run);
    const steps = run.steps.map((s) => `${s.clients}:${Math.round(s.p95)}${s.pass ? '' : s.dropped ? 'x' : '!'}`);
    console.log(
      `capacity run ${i}: ${run.capacity} clients (clients:p95 ms per ${PROBE_SECONDS} s step; ! over) ${steps.join(' ')}`,
    );
  }
  const held = runs.map((r) => r.capacity);
  print(
    `CAPACITY: paced clients at p95 <= ${TARGET_P95_MS} ms, writer ${WRITER_RATE}/s`,
    median(held),
    'clients',
    `median of ${held.join(' / ')}; spread ${median(held) > 0 ? `${Math.round(spread(held) * 100)}%` : 'n/a'}; load ${loadavg()[0].toFixed(1)}`,
    0,
  );
}

/** Every mode (static if asked, then with the writer) against a started server; the capacity search first. */
async function run(server: Started, samples: LoadSamples, store: string): Promise<void> {
  print(`server RSS with ${SCALE} seeded events (${store})`, rssMb(server.child.pid as number), 'MB');
  print('sample users / threads', samples.users.length, `/ ${samples.notes.length}`);
  print('guest share of sockets', GUESTS, '');
  print('writer events per second', WRITER_RATE, '');
  for (const mode of MODES) {
    if (mode === 'capacity') {
      await capacity(server, samples);
      continue;
    }
    for (const writer of WRITER_RATE > 0 ? (STATIC ? [0, WRITER_RATE] : [WRITER_RATE]) : [0]) {
      await load(server, mode, samples, writer);
    }
  }
}

async function main(): Promise<void> {
  const dataDir = join('bench', '.data');
  mkdirSync(dataDir, { recursive: true });
  if (PG_URL) {
    const server = await startServerProcess(PG_URL, { scale: SCALE, pgSchema: PG_SCHEMA, sqlProfile: SQL_PROFILE });
    try {
      await run(server, await readSamplesPg(PG_URL, PG_SCHEMA), `PostgreSQL schema ${PG_SCHEMA}`);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
      await admin?.end();
    }
    return;
  }
  const seeded = join(dataDir, `server-load-${SCALE}.db`);
  // a seeded store is reused as is; the server runs on a fresh copy of it so the writer's events never accumulate
  const dbPath = existsSync(seeded) ? join(dataDir, `server-load-${SCALE}-run-${process.pid}.db`) : seeded;
  const scratch = dbPath === seeded ? [] : [dbPath, `${dbPath}-wal`, `${dbPath}-shm`];
  for (const file of scratch) rmSync(file, { force: true });
  if (dbPath !== seeded) {
    copyFileSync(seeded, dbPath);
    // a seeded store left open elsewhere may still hold rows in its WAL: copy it too (SQLite replays it on open)
    if (existsSync(`${seeded}-wal`)) copyFileSync(`${seeded}-wal`, `${dbPath}-wal`);
  }
  const server = await startServerProcess(dbPath, { scale: SCALE, sqlProfile: SQL_PROFILE });
  try {
    await run(server, readSamples(dbPath), 'SQLite');
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    for (const file of scratch) rmSync(file, { force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
