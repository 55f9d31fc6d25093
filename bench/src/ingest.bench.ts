// Ingest rate of the caching service, with signature checks: a realistic mix of signed events (profiles, contact
// lists, notes, replies, reactions, reposts, quotes, zaps, DMs, articles) written through ingestEvents in relay-sized
// batches into a fresh SQLite file and, when TIDE_TEST_DATABASE_URL or DATABASE_URL is set, a fresh PostgreSQL schema.
// Size: INGEST_BENCH_EVENTS (default 8,000; 1,000,000 for the proof). Events are generated and signed once
// into a cache file and streamed from there (ingest-event-file.ts; INGEST_BENCH_GENERATE_ONLY=1 only writes it). Prints events/s (wall clock, and per CPU second
// of the whole process, workers included: comparable on a loaded machine), resident memory, bytes the process wrote
// per event (WAL and checkpoints; Linux) and the SQLite store's size per event (INGEST_BENCH_DBSTAT=1: per table and
// index). Also: INGEST_BENCH_BATCH (events per transaction), INGEST_BENCH_ONLY=sqlite|postgres, INGEST_BENCH_FILE.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetVerifiedCache } from '@tide/core/nostr';
import Sqlite from 'better-sqlite3';
import postgres from 'postgres';
import {
  BULK_BATCH_SIZE,
  ingestEvents,
  prepareVerifier,
  stopVerifyPool,
} from '../../apps/cache-server/src/ingest/index.ts';
import { type OpenStoreOptions, openStore } from '../../apps/cache-server/src/store/index.ts';
import { queryLatency } from './index-latency.ts';
import { ensureEventFile, eventCalls } from './ingest-event-file.ts';

const COUNT = Number(process.env.INGEST_BENCH_EVENTS ?? 8_000);
/** Events per transaction (INGEST_BENCH_BATCH; default: ingest's own for the upstream source, 2,000). */
const BATCH = process.env.INGEST_BENCH_BATCH ? Number(process.env.INGEST_BENCH_BATCH) : undefined;
/** 'sqlite' or 'postgres' to run one store only (INGEST_BENCH_ONLY). */
const ONLY = process.env.INGEST_BENCH_ONLY ?? '';
/** Events per ingestEvents call (an upstream or seed delivery; written BATCH per transaction). */
const CALL = 2_000;
const TARGET = 2_000;
const PROGRESS_EVERY = 50_000;

function line(name: string, value: number, unit: string, target: string): void {
  console.log(`${name.padEnd(40)} ${value.toFixed(0).padStart(8)} ${unit.padEnd(8)} target ${target}`);
}

const mb = (bytes: number) => Math.round(bytes / 1_048_576);

async function run(label: string, options: OpenStoreOptions, file: string): Promise<void> {
  const store = await openStore(options);
  try {
    resetVerifiedCache();
    let wallMs = 0;
    let cpuUs = 0;
    let stored = 0;
    let seen = 0;
    const written0 = writtenBytes();
    for await (const input of eventCalls(file, COUNT, CALL)) {
      // Only ingestEvents is timed (reading and parsing the cache file is not).
      const cpu0 = process.cpuUsage();
      const start = performance.now();
      const results = await ingestEvents(store, input, { source: 'upstream', ...(BATCH ? { batchSize: BATCH } : {}) });
      wallMs += performance.now() - start;
      const cpu = process.cpuUsage(cpu0);
      cpuUs += cpu.user + cpu.system;
      seen += input.length;
      for (const r of results) if (r.stored) stored++;
      if (seen % PROGRESS_EVERY === 0) {
        console.error(
          `[${label}] ${seen} events: ${Math.round(seen / (wallMs / 1000))} events/s wall, ` +
            `${Math.round(seen / (cpuUs / 1e6))} per CPU s, rss ${mb(process.memoryUsage().rss)} MB, ` +
            `load ${loadavg()[0].toFixed(1)}`,
        );
      }
    }
    if (stored < seen * 0.95) throw new Error(`${label}: only ${stored}/${seen} stored`);
    line(`ingest ${label}, wall clock`, seen / (wallMs / 1000), 'events/s', `>= ${TARGET}`);
    line(`ingest ${label}, per CPU second (process)`, seen / (cpuUs / 1e6), 'events/s', '-');
    line(`ingest ${label}, resident memory`, mb(process.memoryUsage().rss), 'MB', '-');
    line(`ingest ${label}, bytes written per event`, (writtenBytes() - written0) / seen, 'bytes', '-');
    line(`ingest ${label}, peak resident memory`, process.resourceUsage().maxRSS / 1024, 'MB', '-');
    console.log(
      `${label}: ${stored}/${seen} stored in ${(wallMs / 1000).toFixed(2)} s, calls of ${CALL}, transactions of ${BATCH ?? BULK_BATCH_SIZE}`,
    );
  } finally {
    await store.close();
  }
  if (options.sqlitePath) printStoreSize(options.sqlitePath, COUNT);
}

/** Bytes this process has written to storage so far (Linux /proc/self/io; 0 elsewhere). */
function writtenBytes(): number {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    return Number(/^write_bytes: (\d+)/m.exec(io)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The SQLite store's size on disk after close (WAL checkpointed) and per ingested event. */
function printStoreSize(path: string, events: number): void {
  const bytes = [path, `${path}-wal`].reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);
  line('ingest sqlite, store size', mb(bytes), 'MB', '-');
  line('ingest sqlite, store bytes per event', bytes / events, 'bytes', '-');
  if (!process.env.INGEST_BENCH_DBSTAT) return;
  // INGEST_BENCH_DBSTAT=1: the biggest tables and indexes of the store (SQLite's dbstat table).
  const db = new Sqlite(path, { readonly: true });
  const rows = db
    .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 30')
    .all() as Array<{ name: string; bytes: number }>;
  db.close();
  for (const r of rows) console.log(`  ${r.name.padEnd(62)} ${(r.bytes / events).toFixed(0).padStart(6)} bytes/event`);
}

await prepareVerifier();
const file = process.env.INGEST_BENCH_SKIP_INGEST ? '' : await ensureEventFile(COUNT);
if (process.env.INGEST_BENCH_GENERATE_ONLY) process.exit(0);

const dir = mkdtempSync(join(tmpdir(), 'tide-ingest-bench-'));
try {
  if (file && ONLY !== 'postgres') await run('sqlite', { sqlitePath: join(dir, 'bench.db') }, file);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const pgUrl = process.env.TIDE_TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl && file && ONLY !== 'sqlite') {
  const schema = `tide_bench_${process.pid}_${Date.now().toString(36)}`;
  try {
    await run('postgres', { databaseUrl: pgUrl, pgSchema: schema }, file);
  } finally {
    const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
} else {
  console.log('postgres: skipped (set TIDE_TEST_DATABASE_URL or DATABASE_URL)');
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores (shared machine)`,
);
await stopVerifyPool();

// Read-path check of the schema's indexes at scale (INGEST_BENCH_QUERY_EVENTS=1000000): see index-latency.ts.
const QUERY_EVENTS = Number(process.env.INGEST_BENCH_QUERY_EVENTS ?? 0);
if (QUERY_EVENTS > 0) await queryLatency(QUERY_EVENTS);
