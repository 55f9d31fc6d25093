import { sql } from 'kysely';
import type { Logger } from 'pino';
import { cachedEvents } from '../commands/bundle-events.ts';
import { userExtras } from '../commands/bundle-users.ts';
import { linkMetadata, mediaInfo, topZaps } from '../commands/content-bundle-parts.ts';
import { readCacheRow, type Store, writeCacheRow } from '../store/index.ts';
import { READ_CACHE_LIMITS, type ReadCache, readCacheOf } from './read-cache.ts';

/** The `cache` table row holding the keys a server's read cache held when it last saved them. */
export const WARM_KEYS_ROW = 'read_cache_warm_keys';

/** Flags of a saved event id: which of the read cache's maps held it. */
const EVENT = 1;
const MEDIA = 2;
const LINKS = 4;
const ZAPS = 8;

/** The saved keys: event ids with their flags (most recently used first), and pubkeys. */
export interface WarmKeys {
  events: Array<[id: string, flags: number]>;
  users: string[];
}

/** Bounds and timing of a warm start. */
export interface WarmStartOptions {
  /**
   * Most event ids loaded (default 10,000, a sixth of the read cache's event bound: a preload must not evict itself,
   * and at 1M a first start's 30,000 took 3.4 s of the first seconds' CPU).
   */
  maxEvents?: number;
  /** Most users loaded (default 5,000). */
  maxUsers?: number;
  /** Stop loading after this long, in ms (default 30,000). */
  maxMs?: number;
  /** Without saved keys: newest events loaded per most-followed user (default 10). */
  perUser?: number;
  /** Keys per statement (default 400, the bundle's chunk). */
  chunk?: number;
  /** Chunks loading at once (default 4: under load each waits its turn at the pool, so one at a time lags). */
  parallel?: number;
  /** How often the keys are saved while running, in ms (default 600,000; they are saved at close too). */
  saveEveryMs?: number;
  logger?: Logger;
}

/** What a warm start loaded. */
export interface WarmReport {
  /** Where the keys came from: the saved row, the most-followed users (none saved), or nothing (no read cache). */
  source: 'saved' | 'most-followed' | 'none';
  events: number;
  users: number;
  ms: number;
  /** True when it stopped at `maxMs` or because the server stopped. */
  cut: boolean;
}

/** A running warm start: its outcome, saving the current keys, and stopping it. */
export interface WarmStart {
  done: Promise<WarmReport>;
  /** Writes the read cache's current keys to the `cache` table (for the next start). */
  save(): Promise<void>;
  /** Stops loading and saving (what is loaded stays). */
  stop(): void;
}

/** The keys `cache` holds now, most recently used first, at most `maxEvents` / `maxUsers`. */
export function warmKeysOf(cache: ReadCache, maxEvents: number, maxUsers: number): WarmKeys {
  const flags = new Map<string, number>();
  const note = (keys: Iterable<string>, flag: number) => {
    for (const key of keys) flags.set(key, (flags.get(key) ?? 0) | flag);
  };
  note(cache.events.keys(), EVENT);
  note(cache.media.keys(), MEDIA);
  note(cache.links.keys(), LINKS);
  note(cache.zaps.keys(), ZAPS);
  const users = new Set([...cache.profiles.keys(), ...cache.followers.keys()]);
  return { events: [...flags].slice(0, maxEvents), users: [...users].slice(0, maxUsers) };
}

/** The saved keys of `store`, or undefined when none (or unreadable). */
async function savedKeys(store: Store): Promise<WarmKeys | undefined> {
  const row = await readCacheRow(store, WARM_KEYS_ROW);
  if (!row) return undefined;
  try {
    const keys = JSON.parse(row.value) as WarmKeys;
    return Array.isArray(keys.events) && Array.isArray(keys.users) ? keys : undefined;
  } catch {
    return undefined;
  }
}

/** The most-followed users (a first start's guess at whose profiles answers will show). */
async function mostFollowed(store: Store, max: number): Promise<string[]> {
  const rows = await store.db
    .selectFrom('user_stats')
    .select('pubkey')
    .orderBy('followers_count', 'desc')
    .limit(max)
    .execute();
  return rows.map((r) => r.pubkey);
}

/** Every piece of an event (a first start's guess loads the event, its media, links and zaps). */
const ALL = EVENT | MEDIA | LINKS | ZAPS;

/**
 * A first start's guess at the events answers will show: the newest `perUser` events of each of `users` (most
 * followed first, 400 users per statement), then the newest events overall, at most `max`: event id to author.
 */
async function newestEvents(store: Store, users: string[], perUser: number, max: number): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const rank = new Map(users.map((u, i) => [u, i]));
  for (let i = 0; i < users.length && ids.size < max / 2; i += 400) {
    const rows = await store.db
      .selectFrom((eb) =>
        eb
          .selectFrom('pubkey_events')
          .select([
            'event_id',
            'pubkey',
            'created_at',
            sql<number>`row_number() over (partition by pubkey order by created_at desc)`.as('rn'),
          ])
          .where('pubkey', 'in', users.slice(i, i + 400))
          .as('t'),
      )
      .select(['event_id', 'pubkey', 'rn'])
      .where('rn', '<=', perUser)
      .execute();
    rows.sort((a, b) => (rank.get(a.pubkey) ?? 0) - (rank.get(b.pubkey) ?? 0) || Number(a.rn) - Number(b.rn));
    for (const r of rows) if (ids.size < max / 2) ids.set(r.event_id, r.pubkey);
  }
  const newest = await store.db
    .selectFrom('pubkey_events')
    .select(['event_id', 'pubkey'])
    .orderBy('created_at', 'desc')
    .limit(max - ids.size)
    .execute();
  for (const r of newest) ids.set(r.event_id, r.pubkey);
  return ids;
}

/**
 * The keys a first start loads (no saved keys): the most-followed users' newest events and the newest events overall;
 * the users whose events load, then the authors of the newest, then the rest of the most followed.
 */
async function guessedKeys(store: Store, maxUsers: number, maxEvents: number, perUser: number): Promise<WarmKeys> {
  const followed = await mostFollowed(store, maxUsers);
  const top = followed.slice(0, Math.ceil(maxEvents / 2 / Math.max(1, perUser)));
  const events = maxEvents > 0 ? await newestEvents(store, top, perUser, maxEvents) : new Map<string, string>();
  const users = new Set([...top, ...events.values(), ...followed]);
  return { events: [...events.keys()].map((id) => [id, ALL]), users: [...users].slice(0, maxUsers) };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Fills the read cache of `store` in the background after a start: the keys it held when last saved (else the
 * most-followed users' profiles and follower counts, their newest events and the newest events overall, each event
 * with its stats, media, links and zaps), loaded through the bundle's own readers a chunk of keys per
 * statement (far cheaper per row than a miss's look-ups), `parallel` chunks at a time with a turn of the event loop
 * after each, within `maxMs`. Exact as any read-cache load: a chunk read while a change came in is not kept. Saves the
 * keys every `saveEveryMs` and when `save()` is called (the server does at close).
 */
export function startWarmStart(store: Store, options: WarmStartOptions = {}): WarmStart {
  const maxEvents = options.maxEvents ?? Math.min(10_000, READ_CACHE_LIMITS.events / 2);
  const maxUsers = options.maxUsers ?? Math.min(5_000, READ_CACHE_LIMITS.users / 2);
  const maxMs = options.maxMs ?? 30_000;
  const chunk = options.chunk ?? 400;
  let stopped = false;
  const started = performance.now();
  const over = () => stopped || performance.now() - started > maxMs;

  const load = async (): Promise<WarmReport> => {
    const report: WarmReport = { source: 'none', events: 0, users: 0, ms: 0, cut: false };
    if (!readCacheOf(store)) return report;
    const saved = await savedKeys(store);
    const keys = saved ?? (await guessedKeys(store, maxUsers, maxEvents, options.perUser ?? 10));
    report.source = saved ? 'saved' : 'most-followed';
    const users = keys.users.slice(0, maxUsers);
    const events = keys.events.slice(0, maxEvents);
    const tasks: Array<() => Promise<void>> = [];
    for (let i = 0; i < users.length; i += chunk) {
      const part = users.slice(i, i + chunk);
      tasks.push(async () => {
        await userExtras(store, part);
        report.users += part.length;
      });
    }
    for (let i = 0; i < events.length; i += chunk) {
      const part = events.slice(i, i + chunk);
      const having = (flag: number) => part.filter(([, f]) => f & flag).map(([id]) => id);
      tasks.push(async () => {
        await Promise.all([
          cachedEvents(store, having(EVENT)),
          mediaInfo(store, having(MEDIA)),
          linkMetadata(store, having(LINKS)),
          topZaps(store, having(ZAPS), new Set()),
        ]);
        report.events += part.length;
      });
    }
    let next = 0;
    const worker = async () => {
      while (next < tasks.length && !over()) {
        await tasks[next++]();
        await turn();
      }
    };
    await Promise.all(Array.from({ length: options.parallel ?? 4 }, worker));
    report.cut = report.users < users.length || report.events < events.length;
    report.ms = Math.round(performance.now() - started);
    return report;
  };

  const done = load().then(
    (report) => {
      options.logger?.info(report, 'read cache warmed');
      return report;
    },
    (err: unknown) => {
      options.logger?.warn({ err }, 'read cache warm start failed');
      return { source: 'none', events: 0, users: 0, ms: Math.round(performance.now() - started), cut: true } as const;
    },
  );

  const save = async (): Promise<void> => {
    const cache = readCacheOf(store);
    if (!cache) return;
    const value = JSON.stringify(warmKeysOf(cache, maxEvents, maxUsers));
    await writeCacheRow(store, WARM_KEYS_ROW, value, Math.floor(Date.now() / 1000));
  };
  const timer = setInterval(() => {
    save().catch((err: unknown) => options.logger?.warn({ err }, 'saving read cache keys failed'));
  }, options.saveEveryMs ?? 600_000);
  timer.unref?.();

  return {
    done,
    save: () => (stopped ? Promise.resolve() : save()),
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
