// The ingest bench's input: a deterministic mix of signed events (profiles, contact lists, notes, replies,
// reactions, reposts, quotes, zaps, DMs, articles), generated and signed once (nostr-wasm) into
// bench/.data/ingest-events-v2-<n>.ndjson and streamed from there, so memory stays bounded at any size and signing is
// never timed. The mix and its order must not change: existing files (the 1M one) are reused across runs.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { NostrEvent, Tag } from '@tide/core/nostr';
import { createSeedSigner } from '../../apps/cache-server/src/seed/signer.ts';

/** Notes that reactions, replies, reposts, quotes and zaps pick their target from (the most recent ones). */
const TARGET_WINDOW = 5_000;
const DATA_DIR = fileURLToPath(new URL('../.data/', import.meta.url));
const PROGRESS_EVERY = 50_000;

/** Users of a mix of `count` events: 300 up to 30,000 events (the historical 8,000-event mix), then one per 100 events. */
export function eventUsers(count: number): number {
  return Math.max(300, Math.floor(count / 100));
}

function key(i: number): string {
  return createHash('sha256').update(`bench-user-${i}`).digest('hex');
}

/** The deterministic event mix, one signed event at a time (bounded memory at any count). */
async function* generateEvents(count: number, users: number): AsyncGenerator<NostrEvent> {
  const signer = await createSeedSigner();
  const keys = Array.from({ length: users }, (_, i) => new Uint8Array(Buffer.from(key(i), 'hex')));
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
  for (let u = 0; u < users && made < count; u++) {
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
  for (let u = 0; u < users && made < count; u++) {
    const follows = Array.from({ length: 40 }, () => ['p', pubs[next(users)]]);
    yield sign(u, 3, '', follows, first - 9000);
  }
  while (made < count) {
    const u = next(users);
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
      yield sign(u, 4, `secret?iv=${n}`, [['p', pubs[next(users)]]], at);
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

/** The signed events' cache file for `count` events, written once (through a temporary name, so an interrupted run leaves nothing). */
export async function ensureEventFile(count: number): Promise<string> {
  // INGEST_BENCH_FILE: the first INGEST_BENCH_EVENTS events of an existing (larger) cache file instead.
  if (process.env.INGEST_BENCH_FILE) return process.env.INGEST_BENCH_FILE;
  const file = join(DATA_DIR, `ingest-events-v2-${count}.ndjson`);
  if (existsSync(file)) return file;
  mkdirSync(DATA_DIR, { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, '');
  const start = performance.now();
  let lines: string[] = [];
  let n = 0;
  for await (const e of generateEvents(count, eventUsers(count))) {
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

/** Streams the first `count` cached events of `file` in calls of `call` events. */
export async function* eventCalls(file: string, count: number, call: number): AsyncGenerator<NostrEvent[]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let batch: NostrEvent[] = [];
  let read = 0;
  for await (const line of lines) {
    if (!line) continue;
    if (read++ === count) break;
    batch.push(JSON.parse(line) as NostrEvent);
    if (batch.length === call) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
