import type { NostrEvent } from '@tide/core/nostr';
import { Kind } from '@tide/core/nostr';
import { FIXED_ACCOUNTS } from './accounts.ts';
import { MARKETPLACE_EVENTS, marketplaceEvents } from './marketplace.ts';
import { Prng } from './prng.ts';
import { createSeedSigner } from './signer.ts';
import { Timeline } from './timeline.ts';
import {
  contactListOf,
  contactsEvent,
  createUsers,
  dmRelayListEvent,
  POPULAR_COUNT,
  profileEvent,
  relayListEvent,
  type SeedWorld,
  signAs,
  writeImages,
} from './world.ts';

/** Default number of events of a demo network. */
export const DEMO_EVENT_COUNT = 22_000;
/** Minimum number of users of any network. */
export const MIN_USERS = 300;
/** Fewest content events (notes, replies, reactions, ...) of any network, whatever the scale. */
export const MIN_CONTENT_EVENTS = 1_000;
/** Length of the content window: the last 30 days. */
export const CONTENT_WINDOW_SECONDS = 30 * 86_400;

/** Options of the generator (all optional; same options → same events). */
export interface GenerateOptions {
  seed?: string;
  /** Target number of events (default 22,000; 1,000,000 for benchmarks); any scale gets ≥ 300 users and ≥ 1,000 content events. */
  scale?: number;
  /** Public origin of the server (profile images, nip05 host, relay URL). */
  publicUrl?: string;
  /** Where `media/` is written; no files when absent. */
  dataDir?: string;
  /** "Now" in Unix seconds (default: the clock). */
  now?: number;
  /** Host of the lightning sandbox used in lud16 addresses. */
  lightningHost?: string;
  /** Events per yielded batch (default 1,000). */
  batchSize?: number;
}

/** Builds the world (users, keys, signer) for one run and writes the profile images. */
export async function createSeedWorld(options: GenerateOptions = {}): Promise<SeedWorld> {
  const seed = options.seed ?? 'tide';
  const scale = Math.max(1_000, Math.floor(options.scale ?? DEMO_EVENT_COUNT));
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const publicUrl = (options.publicUrl ?? 'http://localhost:8080').replace(/\/$/, '');
  const url = new URL(publicUrl);
  const relayUrl = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}/`;
  const rng = new Prng(seed);
  const userCount = Math.max(MIN_USERS, Math.round(scale / 70));
  const users = createUsers(seed, userCount, rng);
  const cumulative: number[] = [];
  let sum = 0;
  for (const u of users) {
    sum += u.weight;
    cumulative.push(sum);
  }
  const world: SeedWorld = {
    rng,
    signer: await createSeedSigner(),
    now,
    start: now - CONTENT_WINDOW_SECONDS,
    publicUrl,
    relayUrl,
    host: url.host,
    lightningHost: options.lightningHost ?? 'localhost:8090',
    dataDir: options.dataDir,
    users,
    popular: users.filter((u) => u.popular).slice(0, POPULAR_COUNT),
    cumulative,
    counts: {},
    follows: new Map(),
    pictureDims: new Map(),
  };
  await writeImages(world);
  return world;
}

/** Yields the network's events in batches, oldest first, with bounded memory. */
export function* demoEventBatches(world: SeedWorld, options: GenerateOptions = {}): Generator<NostrEvent[]> {
  const total = Math.max(1_000, Math.floor(options.scale ?? DEMO_EVENT_COUNT));
  const batchSize = options.batchSize ?? 1_000;
  const { users, rng, start, now } = world;
  let batch: NostrEvent[] = [];
  const push = function* (e: NostrEvent): Generator<NostrEvent[]> {
    batch.push(e);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  };

  // Phase A: profiles, contact lists and relay lists, just before the content window.
  for (const u of users) {
    const t = start - 86_400 + u.index;
    yield* push(profileEvent(world, u, t));
    yield* push(contactsEvent(world, u, t));
    yield* push(relayListEvent(world, u, t));
    if (u.index >= 1 && u.index < FIXED_ACCOUNTS.length) yield* push(dmRelayListEvent(world, u, t));
  }

  // Phase B: the content timeline over 30 days.
  const closing = users.filter((u) => u.index < 4 || rng.chance(0.12));
  const followers = users.filter((u) => u.index >= 4 && rng.chance(0.15));
  const fixed =
    users.length * 3 + (FIXED_ACCOUNTS.length - 1) + closing.length * 2 + followers.length + MARKETPLACE_EVENTS;
  const content = Math.max(MIN_CONTENT_EVENTS, total - fixed);
  const timeline = new Timeline(world);
  const articleEvery = Math.max(2, Math.floor(content / Math.max(70, Math.round(content * 0.0035))));
  const draftEvery = Math.max(3, Math.floor(content / Math.max(24, Math.round(content * 0.001))));
  const span = now - 120 - start;
  for (let i = 0; i < content; i++) {
    const t = start + Math.floor(((i + 1) * span) / (content + 1));
    let event: NostrEvent;
    if (i % articleEvery === Math.floor(articleEvery / 2)) event = timeline.article(t);
    else if (i % draftEvery === Math.floor(draftEvery / 3)) event = timeline.draft(t);
    else event = timeline.step(t);
    yield* push(event);
  }

  // Phase C: some users followed a few rising accounts in the last days (explore_people increases) ...
  const rising = rng.sample(users.slice(POPULAR_COUNT + 4), 6).map((u) => u.index);
  for (const u of followers) {
    const before = world.follows.get(u.index) ?? [];
    const added = rng.sample(rising, rng.int(1, 4)).filter((i) => i !== u.index && !before.includes(i));
    const t = now - rng.int(3_600, 6 * 86_400);
    yield* push(contactListOf(world, u, [...before, ...added], t));
  }
  // ... then bookmarks and mute lists of some users (need existing notes).
  for (const u of closing) {
    const t = now - 60 + (u.index % 50);
    const tags: string[][] = timeline.recentPosts(rng.int(3, 8)).map((e) => ['e', e.id]);
    for (const a of rng.sample(timeline.articles, 2)) tags.push(['a', a.address]);
    yield* push(signAs(world, u, { kind: Kind.Bookmarks, created_at: t, tags, content: '' }));
    const muted = rng.sample(users.slice(POPULAR_COUNT + 4), rng.int(1, 3)).filter((m) => m !== u);
    const muteTags: string[][] = muted.map((m) => ['p', m.pubkey]);
    muteTags.push(['t', 'nsfw'], ['word', 'spoiler']);
    yield* push(signAs(world, u, { kind: Kind.MuteList, created_at: t, tags: muteTags, content: '' }));
  }
  // ... and the default account's feed handlers (NIP-89 31990) plus a creator's paid tiers (17000 / 37001).
  for (const e of marketplaceEvents(world)) yield* push(e);
  // ... and a few zaps on the newest notes, so the last hours have "most zapped" notes (explore mostzapped4h).
  for (let i = 0; i < 6; i++) yield* push(timeline.zapNewest(now - 100 - i * 600, 8));
  if (batch.length > 0) yield batch;
}
