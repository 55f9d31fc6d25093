// Ingest rate of the caching service, with signature checks: a realistic mix of signed events (profiles, contact
// lists, notes, replies, reactions, reposts, quotes, zaps, DMs, articles) written through ingestEvents in relay-sized
// batches into a fresh SQLite file and, when TIDE_TEST_DATABASE_URL or DATABASE_URL is set, a fresh PostgreSQL schema.
// Size: INGEST_BENCH_EVENTS (default 8,000; 1,000,000 for the proof). Events are generated and signed once
// (nostr-wasm; a fixed pseudo-random mix, timestamps relative to the first run) into
// bench/.data/ingest-events-v2-<n>.ndjson and streamed from there, so memory stays bounded at any size and signing is
// never timed (INGEST_BENCH_GENERATE_ONLY=1 only writes that file). Prints events/s (wall clock, and per CPU second
// of the whole process, workers included: comparable on a loaded machine), resident memory, bytes the process wrote
// per event (WAL and checkpoints; Linux) and the SQLite store's size per event (INGEST_BENCH_DBSTAT=1: per table and
// index). Also: INGEST_BENCH_BATCH (events per transaction), INGEST_BENCH_ONLY=sqlite|postgres, INGEST_BENCH_FILE.
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type NostrEvent, resetVerifiedCache, type Tag } from '@tide/core/nostr';
import Sqlite from 'better-sqlite3';
import postgres from 'postgres';
import {
  BULK_BATCH_SIZE,
  ingestEvents,
  prepareVerifier,
  stopVerifyPool,
} from '../../apps/cache-server/src/ingest/index.ts';
import { createSeedSigner } from '../../apps/cache-server/src/seed/signer.ts';
import { type OpenStoreOptions, openStore } from '../../apps/cache-server/src/store/index.ts';

const COUNT = Number(process.env.INGEST_BENCH_EVENTS ?? 8_000);
/** 300 users up to 30,000 events (the historical 8,000-event mix), then one user per 100 events. */
const USERS = Math.max(300, Math.floor(COUNT / 100));
/** Events per transaction (INGEST_BENCH_BATCH; default: ingest's own for the upstream source, 2,000). */
const BATCH = process.env.INGEST_BENCH_BATCH ? Number(process.env.INGEST_BENCH_BATCH) : undefined;
/** 'sqlite' or 'postgres' to run one store only (INGEST_BENCH_ONLY). */
const ONLY = process.env.INGEST_BENCH_ONLY ?? '';
/** Events per ingestEvents call (an upstream or seed delivery; written BATCH per transaction). */
const CALL = 2_000;
const TARGET = 2_000;
/** Notes that reactions, replies, reposts, quotes and zaps pick their target from (the most recent ones). */
const TARGET_WINDOW = 5_000;
const DATA_DIR = fileURLToPath(new URL('../.data/', import.meta.url));
const PROGRESS_EVERY = 50_000;

function key(i: number): string {
  return createHash('sha256').update(`bench-user-${i}`).digest('hex');
}

/** The deterministic event mix, one signed event at a time (bounded memory at any count). */
async function* generateEvents(count: number): AsyncGenerator<NostrEvent> {
  const signer = await createSeedSigner();
  const keys = Array.from({ length: USERS }, (_, i) => new Uint8Array(Buffer.from(key(i), 'hex')));
  const aux = new Uint8Array(32);
  const pubs: string[] = [];
  const now = Math.floor(Date.now() / 1000);
  // Events spread one per second ending 1,000 s ago at small sizes; one per 1/40 s over the last ~7 h at 1M.
  const step = count <= 30_000 ? 1 : 1 / 40;
  const first = now - 1_000 - Math.ceil(count * step);
  let made = 0;
  let rnd = 42;
  const next = (n: number) => {
    rnd = (rnd * 1_103_515_245 + 12_345) % 2_147_483_648;
    return rnd % n;
  };
  const sign = (u: number, kind: number, content: string, tags: Tag[], at: number): NostrEvent => {
    made++;
    return signer.sign({ kind, content, tags, created_at: at }, keys[u], aux);
  };
  const notes: Array<{ id: string; pubkey: string }> = [];
  const remember = (e: NostrEvent) => {
    notes.push({ id: e.id, pubkey: e.pubkey });
    if (notes.length > TARGET_WINDOW * 2) notes.splice(0, TARGET_WINDOW);
    return e;
  };
  for (let u = 0; u < USERS && made < count; u++) {
    const profile = sign(
      u,
      0,
      JSON.stringify({ name: `user${u}`, display_name: `User ${u}`, nip05: `user${u}@tide.local` }),
      [],
      first - 9000,
    );
    pubs.push(profile.pubkey);
    yield profile;
  }
  for (let u = 0; u < USERS && made < count; u++) {
    const follows = Array.from({ length: 40 }, () => ['p', pubs[next(USERS)]]);
    yield sign(u, 3, '', follows, first - 9000);
  }
  while (made < count) {
    const u = next(USERS);
    const n = made;
    const at = first + Math.floor(n * step);
    const r = next(100);
    const target = notes.length > 0 ? notes[Math.max(0, notes.length - 1 - next(TARGET_WINDOW))] : undefined;
    if (r < 35 || !target) {
      yield remember(sign(u, 1, `Note ${n} about #nostr and #tide https://example.com/p/${n}`, [], at));
    } else if (r < 50) {
      const tags = [
        ['e', target.id, '', 'root'],
        ['p', target.pubkey],
      ];
      yield remember(sign(u, 1, `Reply ${n}: I agree with this.`, tags, at));
    } else if (r < 80) {
      const tags = [
        ['e', target.id],
        ['p', target.pubkey],
      ];
      yield sign(u, 7, next(5) === 0 ? '🔥' : '+', tags, at);
    } else if (r < 86) {
      const tags = [
        ['e', target.id, ''],
        ['p', target.pubkey],
      ];
      yield sign(u, 6, '', tags, at);
    } else if (r < 90) {
      const tags = [
        ['q', target.id],
        ['p', target.pubkey],
      ];
      yield remember(sign(u, 1, `Quoting ${n}`, tags, at));
    } else if (r < 95) {
      const request = signer.sign(
        {
          kind: 9734,
          content: 'zap!',
          tags: [
            ['p', target.pubkey],
            ['e', target.id],
          ],
          created_at: at - 1,
        },
        keys[u],
        aux,
      );
      const tags = [
        ['p', target.pubkey],
        ['e', target.id],
        ['bolt11', `lnbc${(1 + next(100)) * 100}n1pbench`],
        ['description', JSON.stringify(request)],
      ];
      yield sign(0, 9735, '', tags, at);
    } else if (r < 98) {
      yield sign(u, 4, `secret?iv=${n}`, [['p', pubs[next(USERS)]]], at);
    } else {
      const tags = [
        ['d', `a-${n}`],
        ['title', `Article ${n}`],
        ['t', 'essays'],
      ];
      yield sign(u, 30023, `Article body ${n} `.repeat(50), tags, at);
    }
  }
}

/** The signed events' cache file, written once (through a temporary name, so an interrupted run leaves nothing). */
async function ensureEventFile(): Promise<string> {
  // INGEST_BENCH_FILE: the first INGEST_BENCH_EVENTS events of an existing (larger) cache file instead.
  if (process.env.INGEST_BENCH_FILE) return process.env.INGEST_BENCH_FILE;
  const file = join(DATA_DIR, `ingest-events-v2-${COUNT}.ndjson`);
  if (existsSync(file)) return file;
  mkdirSync(DATA_DIR, { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, '');
  const start = performance.now();
  let lines: string[] = [];
  let n = 0;
  for await (const e of generateEvents(COUNT)) {
    lines.push(JSON.stringify(e));
    n++;
    if (lines.length === 10_000) {
      await appendFile(partial, `${lines.join('\n')}\n`);
      lines = [];
    }
    if (n % PROGRESS_EVERY === 0)
      console.error(`signed ${n} events in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  }
  if (lines.length > 0) await appendFile(partial, `${lines.join('\n')}\n`);
  renameSync(partial, file);
  console.log(`generated and signed ${n} events in ${((performance.now() - start) / 1000).toFixed(1)} s (not timed)`);
  return file;
}

/** Streams the cached events in calls of CALL events. */
async function* eventCalls(file: string): AsyncGenerator<NostrEvent[]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let call: NostrEvent[] = [];
  let read = 0;
  for await (const line of lines) {
    if (!line) continue;
    if (read++ === COUNT) break;
    call.push(JSON.parse(line) as NostrEvent);
    if (call.length === CALL) {
      yield call;
      call = [];
    }
  }
  if (call.length > 0) yield call;
}

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
    for await (const input of eventCalls(file)) {
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
const file = process.env.INGEST_BENCH_SKIP_INGEST ? '' : await ensureEventFile();
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

// ---------------------------------------------------------------------------------------------------------------
// Read-path check of the schema's indexes at scale (INGEST_BENCH_QUERY_EVENTS=1000000): synthetic rows are bulk
// loaded straight into the tables (no signatures: this part measures queries, not ingest), then the queries the
// commands run for feeds, threads and profiles are timed; p95 over many random users/notes.
const QUERY_EVENTS = Number(process.env.INGEST_BENCH_QUERY_EVENTS ?? 0);
if (QUERY_EVENTS > 0) await queryLatency(QUERY_EVENTS);

async function queryLatency(total: number): Promise<void> {
  // Kept between runs (like the signed-event cache): loading is resumable and slow on a shared machine.
  const path = join(tmpdir(), `tide-query-bench-v1-${total}.db`);
  {
    await (await openStore({ sqlitePath: path })).close();
    const users = Math.max(100, Math.floor(total / 100));
    const hex = (n: number, salt: string) => createHash('sha256').update(`${salt}${n}`).digest('hex');
    const pk = Array.from({ length: users }, (_, i) => hex(i, 'u'));
    const now = Math.floor(Date.now() / 1000);
    const raw = new Sqlite(path);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = OFF');
    raw.pragma('cache_size = -1000000');
    const t0 = performance.now();
    const insEvent = raw.prepare(
      "INSERT INTO events (id, pubkey, kind, created_at, tags, content, sig, identifier, imported_at) VALUES (?, ?, ?, ?, '[]', ?, '', '', ?)",
    );
    const insPost = raw.prepare(
      'INSERT INTO pubkey_events (event_id, pubkey, kind, created_at, is_reply, has_media) VALUES (?, ?, 1, ?, ?, 0)',
    );
    const insStats = raw.prepare(
      'INSERT INTO event_stats (event_id, author_pubkey, kind, created_at, likes, replies, reposts, score, score24h) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?)',
    );
    const insReply = raw.prepare(
      "INSERT INTO event_replies (reply_id, parent_id, parent_address, reply_pubkey, reply_kind, reply_created_at) VALUES (?, ?, '', ?, 1, ?)",
    );
    const insFollow = raw.prepare(
      "INSERT OR IGNORE INTO pubkey_followers (pubkey, follower_pubkey, follower_contact_list_event_id, created_at) VALUES (?, ?, '', ?)",
    );
    const have = (raw.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
    const rnd = (i: number, n: number) => Number.parseInt(hex(i, 'r').slice(0, 8), 16) % n;
    const load = raw.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const id = hex(i, 'e');
        const author = pk[rnd(i, users)];
        const at = now - Math.floor(((total - i) * 90 * 86_400) / total);
        const isReply = i > 10 && rnd(i + 1, 100) < 30;
        insEvent.run(id, author, 1, at, `note ${i}`, now);
        insPost.run(id, author, at, isReply ? 1 : 0);
        insStats.run(id, author, at, rnd(i + 2, 20), rnd(i + 3, 5), rnd(i + 4, 3), rnd(i + 5, 1e9), rnd(i + 6, 1e8));
        if (isReply) insReply.run(id, hex(Math.max(0, i - 1 - rnd(i + 7, Math.min(i, 5000))), 'e'), author, at);
      }
    });
    for (let i = have; i < total; i += 50_000) load(i, Math.min(total, i + 50_000));
    if ((raw.prepare('SELECT count(*) AS n FROM pubkey_followers').get() as { n: number }).n === 0) {
      raw.transaction(() => {
        for (let u = 0; u < users; u++)
          for (let k = 0; k < 150; k++) insFollow.run(pk[rnd(u * 150 + k, users)], pk[u], now);
      })();
    }
    raw.exec('ANALYZE');
    raw.close();
    const secs = ((performance.now() - t0) / 1000).toFixed(0);
    console.log(
      `query bench db: ${total} events (${users} users, 150 follows each) ready in ${secs} s (${have} were there)`,
    );
  }
  const users = Math.max(100, Math.floor(total / 100));
  const hex = (n: number, salt: string) => createHash('sha256').update(`${salt}${n}`).digest('hex');
  const pk = Array.from({ length: users }, (_, i) => hex(i, 'u'));
  const ids = Array.from({ length: total }, (_, i) => hex(i, 'e'));
  const now = Math.floor(Date.now() / 1000);
  try {
    const store = await openStore({ sqlitePath: path });
    const db = store.db;
    const p95 = async (name: string, runs: number, q: (i: number) => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const s = performance.now();
        await q(i);
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      line(`p95 ${name}`, times[Math.floor(runs * 0.95)], 'ms', '<= 25');
    };
    const until = now;
    await p95('authored feed (notes tab)', 200, (i) =>
      db
        .selectFrom('pubkey_events')
        .select(['event_id', 'created_at'])
        .where('pubkey', '=', pk[(i * 37) % users])
        .where('is_reply', '=', 0)
        .where('kind', 'in', [1, 6])
        .where('created_at', '<=', until)
        .where('created_at', '>=', 0)
        .orderBy('created_at', 'desc')
        .orderBy('event_id', 'desc')
        .limit(20)
        .execute(),
    );
    await p95('follows feed (home)', 200, (i) =>
      db
        .selectFrom('pubkey_events')
        .select(['event_id', 'created_at'])
        .where('pubkey', 'in', (eb) =>
          eb
            .selectFrom('pubkey_followers')
            .select('pubkey')
            .where('follower_pubkey', '=', pk[(i * 53) % users]),
        )
        .where('is_reply', '=', 0)
        .where('kind', 'in', [1, 6])
        .where('created_at', '<=', until - (i % 10) * 86_400)
        .where('created_at', '>=', 0)
        .orderBy('created_at', 'desc')
        .orderBy('event_id', 'desc')
        .limit(20)
        .execute(),
    );
    await p95('thread replies', 200, (i) =>
      db
        .selectFrom('event_replies')
        .select(['reply_id', 'reply_created_at'])
        .where('parent_id', '=', ids[total - 1 - ((i * 101) % Math.min(total, 50_000))])
        .orderBy('reply_created_at', 'desc')
        .orderBy('reply_id', 'desc')
        .limit(100)
        .execute(),
    );
    await p95('thread parent step', 200, (i) =>
      db
        .selectFrom('event_replies')
        .select('parent_id')
        .where('reply_id', '=', ids[(i * 7919) % total])
        .executeTakeFirst(),
    );
    await p95('stats of 20 notes', 200, (i) =>
      db
        .selectFrom('event_stats')
        .selectAll()
        .where(
          'event_id',
          'in',
          Array.from({ length: 20 }, (_, k) => ids[(i * 20 + k * 4099) % total]),
        )
        .execute(),
    );
    await p95('profile counts', 200, (i) =>
      Promise.all([
        db
          .selectFrom('user_stats')
          .selectAll()
          .where('pubkey', '=', pk[i % users])
          .executeTakeFirst(),
        db
          .selectFrom('pubkey_followers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('pubkey', '=', pk[i % users])
          .executeTakeFirst(),
      ]),
    );
    await p95('trending 24h by score', 50, () =>
      db
        .selectFrom('event_stats')
        .select(['event_id', 'score'])
        .where('created_at', '>=', now - 86_400)
        .orderBy('score', 'desc')
        .limit(50)
        .execute(),
    );
    await store.close();
  } finally {
    console.log(`(query bench db kept at ${path} for the next run)`);
  }
}
