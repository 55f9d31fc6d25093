// The cost of one answer miss, by request type of the load bench (thread, profile, profile notes, home, explore,
// search, explore topics): statements, node CPU and (on PostgreSQL) the server's backends' CPU per miss, one request at
// a time over one zlib socket on a fresh in-process server. Counting figures: far less noisy on a shared machine than
// latencies. Pass "cold": every answer and the read cache empty. Pass "warm": the same items with a payload field
// changed (an answer miss) and the shared bundle parts dropped (a bundle miss), the read cache kept.
// Store: a copy of the load bench's SQLite store (bench/.data/server-load-<BENCH_SCALE>.db, made by `npm run bench --
// server-load`; skipped when missing), or with BENCH_DATABASE_URL the PostgreSQL schema BENCH_PG_SCHEMA (default
// bench_queries_<BENCH_SCALE>), read only. BENCH_SCALE=22000  BENCH_MISS_ITEMS=40 (items per type)
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import WebSocket from 'ws';
import { sharedBundlesOf } from '../../apps/cache-server/src/commands/bundle-shared.ts';
import { startServer } from '../../apps/cache-server/src/server.ts';
import { openStore, type Store } from '../../apps/cache-server/src/store/index.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 22_000);
const PG_URL = process.env.BENCH_DATABASE_URL;
const PG_SCHEMA = process.env.BENCH_PG_SCHEMA ?? `bench_queries_${SCALE}`;
const ITEMS = Number(process.env.BENCH_MISS_ITEMS ?? 40);
const APP_NAME = `tide-miss-bench-${process.pid}`;

type Request = [command: string, payload: Record<string, unknown>];
interface Samples {
  users: string[];
  notes: string[];
}
const WORDS = ['coffee', 'relay', 'garden music', 'bitcoin', 'quiet river', 'protocol', 'stars', 'bread'];

/** The load bench's request types as guests see them (home: as the item's user); `pass` keeps payloads apart. */
const TYPES: Record<string, (s: Samples, i: number, pass: number) => Request> = {
  thread: (s, i, pass) => ['thread_view', { event_id: s.notes[i % s.notes.length], limit: 100, pass }],
  profile: (s, i, pass) => ['user_profile', { pubkey: s.users[i % s.users.length], pass }],
  profile_notes: (s, i, pass) => ['feed', { pubkey: s.users[i % s.users.length], notes: 'authored', limit: 20, pass }],
  home: (s, i, pass) => [
    'mega_feed_directive',
    { spec: '{"id":"latest","kind":"notes"}', limit: 20, user_pubkey: s.users[i % s.users.length], pass },
  ],
  explore: (_, i, pass) => ['explore_global_trending_24h', { limit: 20, pass: pass * 1000 + i }],
  search: (_, i, pass) => ['search', { query: WORDS[i % WORDS.length], limit: 20, pass: pass * 1000 + i }],
  explore_topics: (_, i, pass) => ['explore_topics', { pass: pass * 1000 + i }],
};
/** Types with a single answer per payload: a few items are enough. */
const FEW = new Set(['explore', 'search', 'explore_topics']);

const SAMPLE_SQL = {
  users: 'SELECT pubkey FROM user_stats WHERE follows_count > 0 ORDER BY followers_count DESC, pubkey LIMIT 400',
  notes: "SELECT DISTINCT parent_id FROM event_replies WHERE parent_id != '' ORDER BY parent_id LIMIT 400",
};

function print(name: string, value: number, unit: string): void {
  console.log(`${name.padEnd(44)} ${String(Math.round(value * 100) / 100).padStart(10)} ${unit}`);
}

/** Counts the statements run through `store.db` from now on. */
function countStatements(store: Store): () => number {
  let n = 0;
  store.db = store.db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      n += 1;
      return args.result;
    },
  });
  return () => n;
}

/** CPU time (ms) the server's PostgreSQL backends used so far (those connected under this run's application name). */
async function backendCpuMs(admin: postgres.Sql | undefined): Promise<number> {
  if (!admin) return 0;
  const rows = await admin.unsafe('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [APP_NAME]);
  let ticks = 0;
  for (const r of rows) {
    const fields = readFileSync(`/proc/${r.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** A socket sending one request at a time, resolving at its EOSE. */
async function oneAtATime(url: string): Promise<{ send: (r: Request) => Promise<void>; close: () => void }> {
  const ws = new WebSocket(url);
  await new Promise((ok, fail) => ws.once('open', ok).once('error', fail));
  const waiting = new Map<string, () => void>();
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    const text = isBinary ? '' : data.toString();
    if (!text.startsWith('["EOSE"') && !text.startsWith('["NOTICE"')) return;
    const id = JSON.parse(text)[1] as string;
    waiting.get(id)?.();
    waiting.delete(id);
  });
  let n = 0;
  const send = ([command, payload]: Request) =>
    new Promise<void>((ok) => {
      const id = `m${n++}`;
      waiting.set(id, ok);
      ws.send(JSON.stringify(['REQ', id, { cache: [command, payload] }]));
    });
  await send(['set_primal_protocol', { compression: 'zlib' }]);
  return { send, close: () => ws.close() };
}

async function main(): Promise<void> {
  let samples: Samples;
  let store: Store;
  let admin: postgres.Sql | undefined;
  let copy: string | undefined;
  if (PG_URL) {
    admin = postgres(PG_URL, { max: 1, onnotice: () => {}, connection: { search_path: PG_SCHEMA } });
    const all = async (q: string) => (await admin?.unsafe(q)) as unknown as Array<Record<string, string>>;
    samples = {
      users: (await all(SAMPLE_SQL.users)).map((r) => r.pubkey),
      notes: (await all(SAMPLE_SQL.notes)).map((r) => r.parent_id),
    };
    process.env.PGAPPNAME = APP_NAME; // the server's pool connects under this name (its backends' CPU is counted)
    store = await openStore({ databaseUrl: PG_URL, pgSchema: PG_SCHEMA, migrate: false });
  } else {
    const seeded = join('bench/.data', `server-load-${SCALE}.db`);
    if (!existsSync(seeded)) {
      console.log(`skipped: no seeded store ${seeded} (npm run bench -- server-load makes it)`);
      return;
    }
    copy = join(tmpdir(), `tide-miss-bench-${process.pid}.db`);
    copyFileSync(seeded, copy);
    const db = new Database(copy, { readonly: true });
    const all = (q: string) => db.prepare(q).all() as Array<Record<string, string>>;
    samples = {
      users: all(SAMPLE_SQL.users).map((r) => r.pubkey),
      notes: all(SAMPLE_SQL.notes).map((r) => r.parent_id),
    };
    db.close();
    store = await openStore({ sqlitePath: copy, migrate: false });
  }
  const statements = countStatements(store);
  const server = await startServer({ store, host: '127.0.0.1', port: 0 });
  const socket = await oneAtATime(server.url);
  console.log(`store: ${PG_URL ? `PostgreSQL schema ${PG_SCHEMA}` : `SQLite copy of server-load-${SCALE}.db`}`);
  print('load average (1 min, 2 cores) at start', loadavg()[0], '');
  try {
    for (const [pass, label] of ['cold', 'warm'].entries()) {
      if (pass === 1) sharedBundlesOf(store)?.clear();
      for (const [type, make] of Object.entries(TYPES)) {
        const n = FEW.has(type) ? Math.min(ITEMS, 8) : ITEMS;
        const [s0, pg0, cpu0] = [statements(), await backendCpuMs(admin), process.cpuUsage()];
        for (let i = 0; i < n; i++) await socket.send(make(samples, i, pass));
        const cpu = process.cpuUsage(cpu0);
        const pg = (await backendCpuMs(admin)) - pg0;
        print(`${label} ${type}: statements per miss`, (statements() - s0) / n, 'count');
        print(`${label} ${type}: node CPU per miss`, (cpu.user + cpu.system) / 1000 / n, 'ms');
        if (admin) print(`${label} ${type}: PostgreSQL CPU per miss`, pg / n, 'ms');
      }
    }
    print('load average (1 min, 2 cores) at end', loadavg()[0], '');
  } finally {
    socket.close();
    await server.close();
    await store.close();
    await admin?.end();
    if (copy) for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) rmSync(f, { force: true });
  }
}

await main();
