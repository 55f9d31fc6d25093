// Read-path check of the schema's indexes at scale (INGEST_BENCH_QUERY_EVENTS=1000000 on the ingest bench):
// synthetic rows are bulk loaded straight into the tables (no signatures: this part measures queries, not ingest),
// then the queries the commands run for feeds, threads and profiles are timed; p95 over many random users/notes.
// The full commands at 1M are measured by server-queries.bench.ts.
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { openStore } from '../../apps/cache-server/src/store/index.ts';

function line(name: string, value: number, unit: string, target: string): void {
  console.log(`${name.padEnd(40)} ${value.toFixed(0).padStart(8)} ${unit.padEnd(8)} target ${target}`);
}

/** Loads (or reuses) a synthetic store of `total` events in the temp directory and prints p95s of the hot index reads. */
export async function queryLatency(total: number): Promise<void> {
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
