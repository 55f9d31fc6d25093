// Ingest rate of the caching service, with signature checks: a realistic mix of freshly signed events (profiles,
// contact lists, notes, replies, reactions, reposts, quotes, zaps, DMs, articles) generated before timing, written
// through ingestEvents in relay-sized batches into a fresh SQLite file and, when TIDE_TEST_DATABASE_URL or
// DATABASE_URL is set, a fresh PostgreSQL schema.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPublicKey, type NostrEvent, resetVerifiedCache, signEvent, type Tag } from '@tide/core/nostr';
import postgres from 'postgres';
import { ingestEvents, prepareVerifier } from '../../apps/cache-server/src/ingest/index.ts';
import { type OpenStoreOptions, openStore } from '../../apps/cache-server/src/store/index.ts';

const COUNT = Number(process.env.INGEST_BENCH_EVENTS ?? 8_000);
const USERS = 300;
const BATCH = 500;
/** Events per ingestEvents call (an upstream or seed delivery; written BATCH per transaction). */
const CALL = 2_000;
const TARGET = 2_000;

function key(i: number): string {
  return createHash('sha256').update(`bench-user-${i}`).digest('hex');
}

function makeEvents(): NostrEvent[] {
  const keys = Array.from({ length: USERS }, (_, i) => key(i));
  const pubs = keys.map((k) => getPublicKey(k));
  const now = Math.floor(Date.now() / 1000);
  const out: NostrEvent[] = [];
  let rnd = 42;
  const next = (n: number) => {
    rnd = (rnd * 1_103_515_245 + 12_345) % 2_147_483_648;
    return rnd % n;
  };
  const sign = (u: number, kind: number, content: string, tags: Tag[], at: number) => {
    const e = signEvent({ kind, content, tags, created_at: at }, keys[u]);
    out.push(e);
    return e;
  };
  const notes: NostrEvent[] = [];
  for (let u = 0; u < USERS; u++) {
    sign(
      u,
      0,
      JSON.stringify({ name: `user${u}`, display_name: `User ${u}`, nip05: `user${u}@tide.local` }),
      [],
      now - 9000,
    );
    const follows = Array.from({ length: 40 }, () => ['p', pubs[next(USERS)]]);
    sign(u, 3, '', follows, now - 9000);
  }
  while (out.length < COUNT) {
    const u = next(USERS);
    const at = now - 8000 + out.length;
    const r = next(100);
    const target = notes.length > 0 ? notes[next(notes.length)] : undefined;
    if (r < 35 || !target) {
      notes.push(sign(u, 1, `Note ${out.length} about #nostr and #tide https://example.com/p/${out.length}`, [], at));
    } else if (r < 50) {
      notes.push(
        sign(
          u,
          1,
          `Reply ${out.length}: I agree with this.`,
          [
            ['e', target.id, '', 'root'],
            ['p', target.pubkey],
          ],
          at,
        ),
      );
    } else if (r < 80) {
      sign(
        u,
        7,
        next(5) === 0 ? '🔥' : '+',
        [
          ['e', target.id],
          ['p', target.pubkey],
        ],
        at,
      );
    } else if (r < 86) {
      sign(
        u,
        6,
        '',
        [
          ['e', target.id, ''],
          ['p', target.pubkey],
        ],
        at,
      );
    } else if (r < 90) {
      notes.push(
        sign(
          u,
          1,
          `Quoting ${out.length}`,
          [
            ['q', target.id],
            ['p', target.pubkey],
          ],
          at,
        ),
      );
    } else if (r < 95) {
      const request = signEvent(
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
      );
      sign(
        0,
        9735,
        '',
        [
          ['p', target.pubkey],
          ['e', target.id],
          ['bolt11', `lnbc${(1 + next(100)) * 100}n1pbench`],
          ['description', JSON.stringify(request)],
        ],
        at,
      );
    } else if (r < 98) {
      sign(u, 4, `secret?iv=${out.length}`, [['p', pubs[next(USERS)]]], at);
    } else {
      sign(
        u,
        30023,
        `Article body ${out.length} `.repeat(50),
        [
          ['d', `a-${out.length}`],
          ['title', `Article ${out.length}`],
          ['t', 'essays'],
        ],
        at,
      );
    }
  }
  return out.slice(0, COUNT);
}

function fresh(events: NostrEvent[]): NostrEvent[] {
  return events.map((e) => ({ ...e, tags: e.tags.map((t) => [...t]) }));
}

function line(name: string, value: number, unit: string, target: string): void {
  console.log(`${name.padEnd(40)} ${value.toFixed(0).padStart(8)} ${unit.padEnd(8)} target ${target}`);
}

async function run(label: string, options: OpenStoreOptions, events: NostrEvent[]): Promise<void> {
  const store = await openStore(options);
  try {
    resetVerifiedCache();
    const input = fresh(events);
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    let stored = 0;
    for (let i = 0; i < input.length; i += CALL) {
      const results = await ingestEvents(store, input.slice(i, i + CALL), { source: 'upstream', batchSize: BATCH });
      stored += results.filter((r) => r.stored).length;
    }
    const wall = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpu0);
    if (stored < events.length * 0.95) throw new Error(`${label}: only ${stored}/${events.length} stored`);
    line(`ingest ${label}, wall clock`, events.length / wall, 'events/s', `>= ${TARGET}`);
    line(`ingest ${label}, per CPU second (node)`, events.length / ((cpu.user + cpu.system) / 1e6), 'events/s', '-');
    console.log(
      `${label}: ${stored}/${events.length} stored in ${wall.toFixed(2)} s, calls of ${CALL}, batches of ${BATCH}`,
    );
  } finally {
    await store.close();
  }
}

/** Signed events are cached in the temp dir between runs (signing is slow on a shared machine, and not timed). */
function loadOrMakeEvents(): NostrEvent[] {
  const cache = join(tmpdir(), `tide-ingest-bench-v1-${COUNT}.json`);
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as NostrEvent[];
  const genStart = performance.now();
  const made = makeEvents();
  const secs = ((performance.now() - genStart) / 1000).toFixed(1);
  console.log(`generated and signed ${made.length} events in ${secs} s (not timed)`);
  writeFileSync(cache, JSON.stringify(made));
  return made;
}

await prepareVerifier();
const events = process.env.INGEST_BENCH_SKIP_INGEST ? [] : loadOrMakeEvents();

const dir = mkdtempSync(join(tmpdir(), 'tide-ingest-bench-'));
try {
  if (events.length > 0) await run('sqlite', { sqlitePath: join(dir, 'bench.db') }, events);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const pgUrl = process.env.TIDE_TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (pgUrl && events.length > 0) {
  const schema = `tide_bench_${process.pid}_${Date.now().toString(36)}`;
  try {
    await run('postgres', { databaseUrl: pgUrl, pgSchema: schema }, events);
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

// ---------------------------------------------------------------------------------------------------------------
// Read-path check of the schema's indexes at scale (INGEST_BENCH_QUERY_EVENTS=1000000): synthetic rows are bulk
// loaded straight into the tables (no signatures: this part measures queries, not ingest), then the queries the
// commands run for feeds, threads and profiles are timed; p95 over many random users/notes.
const QUERY_EVENTS = Number(process.env.INGEST_BENCH_QUERY_EVENTS ?? 0);
if (QUERY_EVENTS > 0) await queryLatency(QUERY_EVENTS);

async function queryLatency(total: number): Promise<void> {
  const { default: Sqlite } = await import('better-sqlite3');
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
