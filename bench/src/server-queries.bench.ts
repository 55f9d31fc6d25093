// Latency of the caching service's main read commands over the wire (CacheClient → startServer on loopback) on a
// seeded demo network: home mega feed (follows), thread_view, user_profile, explore (trending) and search.
// Scale: BENCH_EVENTS (default 1,000,000; e.g. BENCH_EVENTS=50000 for a quick run). The seeded database is kept in
// bench/.data/ (git-ignored *.db) and reused by later runs with the same size. PostgreSQL too when DATABASE_URL is
// set (schema bench_queries_<n>, kept for reuse); BENCH_ONLY=sqlite|postgres runs one of them. Prints name, value,
// unit, target. Target: p95 ≤ 25 ms for feed, thread and profile on SQLite. BENCH_SQLITE_PATH=<file> measures another
// (already seeded) SQLite store, e.g. a scratch copy.
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { CacheClient } from '@tide/core/cache';
import WebSocket from 'ws';
import { DEMO_ACCOUNTS, seedDemoNetwork } from '../../apps/cache-server/src/seed/index.ts';
import { startServer } from '../../apps/cache-server/src/server.ts';
import { type OpenStoreOptions, openStore, type Store } from '../../apps/cache-server/src/store/index.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const NOW = Number(process.env.BENCH_NOW ?? 1_795_000_000);
const TARGET_MS = 25;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function ensureSeeded(store: Store, label: string): Promise<void> {
  const t = performance.now();
  const r = await seedDemoNetwork(store, {
    seed: 'bench',
    scale: EVENTS,
    now: NOW,
    publicUrl: 'http://127.0.0.1:8080',
    batchSize: 2_000,
    onProgress: (n) => {
      if (n % 50_000 === 0)
        console.error(`[${label}] seeded ${n} events in ${Math.round((performance.now() - t) / 1000)} s`);
    },
  });
  if (!r.skipped) {
    console.log(`${label} seed_events ${r.total} events (accepted ${r.accepted})`);
    console.log(`${label} seed_rate ${Math.round(r.total / (r.millis / 1000))} events/s (signer ${r.signer})`);
  }
}

interface Samples {
  users: string[];
  notes: string[];
  words: string[];
}

async function samples(store: Store): Promise<Samples> {
  const users = await store.db
    .selectFrom('user_stats')
    .select('pubkey')
    .where('follows_count', '>', 0)
    .orderBy('pubkey')
    .limit(200)
    .execute();
  const notes = await store.db
    .selectFrom('event_replies')
    .select('parent_id')
    .where('parent_id', '!=', '')
    .orderBy('reply_created_at', 'desc')
    .limit(200)
    .execute();
  return {
    users: [...DEMO_ACCOUNTS.map((a) => a.pubkey), ...users.map((u) => u.pubkey)],
    notes: [...new Set(notes.map((n) => n.parent_id))],
    words: ['coffee', 'relay', 'garden music', 'bitcoin', 'quiet river', 'protocol', 'stars', 'bread'],
  };
}

async function measure(label: string, options: OpenStoreOptions): Promise<void> {
  const store = await openStore(options);
  await ensureSeeded(store, label);
  const s = await samples(store);
  // responseCacheMs 0: every request runs its queries (the 1 s answer cache would hide their cost); one socket sends
  // its requests back to back (300+ per second for the cheap ones), over the per-connection limit of 200 a second
  // meant for clients: refused requests would end in NOTICE, so this bench's socket gets a limit it never reaches
  const server = await startServer({
    store,
    now: () => NOW,
    limits: { responseCacheMs: 0, messagesPerSecond: 100_000, messageBurst: 100_000 },
  });
  const client = new CacheClient({ url: server.url, WebSocket: WebSocket as never });
  const pick = <T>(list: T[], i: number): T => list[i % list.length];
  const queries: Array<[string, (i: number) => [string, Record<string, unknown>], boolean]> = [
    [
      'home_feed',
      (i) => [
        'mega_feed_directive',
        { spec: '{"id":"latest","kind":"notes"}', limit: 20, user_pubkey: pick(s.users, i) },
      ],
      true,
    ],
    [
      'thread_view',
      (i) => ['thread_view', { event_id: pick(s.notes, i), limit: 100, user_pubkey: pick(s.users, i) }],
      true,
    ],
    ['user_profile', (i) => ['user_profile', { pubkey: pick(s.users, i + 7), user_pubkey: pick(s.users, i) }], true],
    [
      'profile_notes',
      (i) => [
        'mega_feed_directive',
        {
          spec: JSON.stringify({ id: 'feed', kind: 'notes', notes: 'authored', pubkey: pick(s.users, i + 3) }),
          limit: 20,
        },
      ],
      false,
    ],
    [
      'explore_trending',
      (i) => ['explore', { timeframe: 'trending', scope: 'global', limit: 20, user_pubkey: pick(s.users, i) }],
      false,
    ],
    ['search', (i) => ['search', { query: pick(s.words, i), limit: 20, user_pubkey: pick(s.users, i) }], false],
  ];
  await client.request('explore_topics'); // connect + warm up
  for (const [name, make, targeted] of queries) {
    for (let i = 0; i < 10; i++) await client.request(...make(i));
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await client.request(...make(i));
      times.push(performance.now() - t);
    }
    const cpu = process.cpuUsage(cpu0);
    times.sort((a, b) => a - b);
    const target = targeted ? `target p95 <= ${TARGET_MS} ms` : 'no target';
    const load = loadavg()[0].toFixed(1);
    console.log(`${label} ${name}_p50 ${percentile(times, 50).toFixed(1)} ms`);
    console.log(`${label} ${name}_p95 ${percentile(times, 95).toFixed(1)} ms (${target}, load ${load})`);
    // CPU of the one process (client, socket, zlib and server): the figure load on a shared machine disturbs least
    console.log(`${label} ${name}_cpu ${((cpu.user + cpu.system) / 1000 / ROUNDS).toFixed(1)} ms/request`);
  }
  client.disconnect();
  await server.close();
  await store.close();
}

const dir = join('bench', '.data');
mkdirSync(dir, { recursive: true });
console.log(`server-queries: ${EVENTS} seeded events, ${ROUNDS} rounds per query, over ws loopback with zlib`);
console.log(
  `machine: ${cpus().length} cpus, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
// BENCH_ONLY=sqlite|postgres runs one dialect (e.g. while another process seeds the other one's store)
const only = process.env.BENCH_ONLY;
if (only !== 'postgres') {
  const sqlitePath = process.env.BENCH_SQLITE_PATH ?? join(dir, `server-queries-${EVENTS}.db`);
  await measure('sqlite', { sqlitePath });
}
if (process.env.DATABASE_URL && only !== 'sqlite') {
  await measure('postgres', { databaseUrl: process.env.DATABASE_URL, pgSchema: `bench_queries_${EVENTS}` });
}
