import type { NostrEvent } from '@tide/core/nostr';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { freshLocation, testDialects } from '../../test/dialects.ts';
import {
  contacts,
  ev,
  note,
  profile,
  reaction,
  reply,
  repost,
  T0,
  type TestUser,
  testUser,
  zapReceipt,
} from '../../test/fixtures/events.ts';
import type { CommandContext } from '../commands/context.ts';
import { allCommands } from '../commands/index.ts';
import { ingestEvents } from '../ingest/index.ts';
import { Prng } from '../seed/prng.ts';
import { openStore, type Store } from '../store/index.ts';
import { publishStoreChanges } from './change-feed.ts';
import { enableReadCache, readCacheOf } from './read-cache.ts';

const NOW = T0 + 100_000;
const users = ['ann', 'bob', 'cid', 'dee', 'eve', 'fay'].map((n) => testUser(`read-cache-diff-${n}`));
const zapper = testUser('read-cache-diff-zapper');

function context(store: Store, command: string): CommandContext {
  return {
    store,
    now: () => NOW,
    logger: pino({ level: 'silent' }),
    connection: { id: 1, userPubkey: null, protocol: {} },
    subId: 's',
    command,
    live: () => {},
    notifier: { notify: () => {} },
    ingest: async () => [],
    publish: async () => [],
  };
}

async function answer(store: Store, command: string, payload: Record<string, unknown>) {
  const handler = allCommands.get(command);
  if (!handler) throw new Error(`no ${command}`);
  return handler(context(store, command), payload);
}

/** A random ingest: notes (pictures, links), replies, likes, reposts, zaps, mute lists, profile edits, follows, deletions. */
function randomEvent(random: () => number, posts: NostrEvent[], step: number): NostrEvent {
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const user = pick(users);
  const at = T0 + 10 * step;
  const target = posts.length > 0 ? pick(posts) : undefined;
  const r = random();
  if (!target || r < 0.2) {
    if (random() < 0.25) return note(user, `note ${step}`, [], at);
    if (random() < 0.33)
      return note(user, `link ${step} https://site.example/page-${Math.floor(random() * 3)}`, [], at);
    // a few pictures shared by many notes, each note saying another size: the media rows of one URL change
    const url = `https://media.example/${Math.floor(random() * 3)}.png`;
    const dim = `${100 + Math.floor(random() * 900)}x${100 + Math.floor(random() * 900)}`;
    return note(user, `picture ${step} ${url}`, [['imeta', `url ${url}`, `dim ${dim}`, 'm image/png']], at);
  }
  if (r < 0.32) return reply(user, target, `reply ${step}`, at);
  if (r < 0.47) return reaction(user, target, '+', at);
  if (r < 0.54) return repost(user, target, at);
  if (r < 0.62) return zapReceipt(zapper, user, { target, sats: 1 + Math.floor(random() * 500), at });
  if (r < 0.66)
    return ev(
      user,
      10000,
      '',
      users.filter(() => random() < 0.25).map((u) => ['p', u.pubkey]),
      at,
    );
  if (r < 0.72) {
    const fields = { name: `${user.name} ${step}`, picture: `https://media.example/avatar-${step}.png` };
    return profile(user, fields, at);
  }
  if (r < 0.84) return contacts(user, users.filter(() => random() < 0.5) as TestUser[], at);
  const own = posts.filter((p) => p.pubkey === user.pubkey);
  if (own.length === 0) return note(user, `quote nostr:${target.id} ${step}`, [['q', target.id]], at);
  return ev(user, 5, '', [['e', pick(own).id]], at);
}

/** What `/link-preview` does when it fetched a page: its row written beside ingest, then the change published. */
async function previewFetched(store: Store, random: () => number, step: number): Promise<void> {
  const url = `https://site.example/page-${Math.floor(random() * 3)}`;
  const row = { url, mimetype: 'text/html', title: `title ${step}`, description: '', image: '', icon_url: '' };
  await store.write((trx) =>
    trx
      .insertInto('link_previews')
      .values({ ...row, updated_at: NOW })
      .onConflict((oc) => oc.column('url').doUpdateSet({ ...row, updated_at: NOW }))
      .execute(),
  );
  publishStoreChanges(store, { events: [], pubkeys: [], media: false, links: true, all: false });
}

/** Requests whose answers carry personalised and shared pieces: feeds, threads, profiles, user infos. */
function randomRequest(random: () => number, posts: NostrEvent[]): [string, Record<string, unknown>] {
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const viewer = pick(users).pubkey;
  const r = random();
  if (r < 0.3)
    return ['mega_feed_directive', { spec: '{"id":"latest","kind":"notes"}', limit: 20, user_pubkey: viewer }];
  if (r < 0.5) return ['feed', { pubkey: pick(users).pubkey, notes: 'authored', limit: 20, user_pubkey: viewer }];
  if (r < 0.7 && posts.length > 0) return ['thread_view', { event_id: pick(posts).id, limit: 50, user_pubkey: viewer }];
  if (r < 0.85) return ['user_profile', { pubkey: pick(users).pubkey, user_pubkey: viewer }];
  return ['user_infos', { pubkeys: users.map((u) => u.pubkey) }];
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

for (const dialect of testDialects()) {
  describe(`read cache [${dialect}]`, () => {
    it('answers exactly what a store without any reuse answers, through random ingests', async () => {
      const loc = freshLocation(dialect, 'rcdiff');
      closers.push(loc.cleanup);
      const cached = await openStore(loc.options);
      closers.push(() => cached.close());
      const plain = await openStore({ ...loc.options, migrate: false });
      closers.push(() => plain.close());
      closers.push(enableReadCache(cached) as () => Promise<void>);
      expect(readCacheOf(cached)).toBeDefined();
      expect(readCacheOf(plain)).toBeUndefined();

      const prng = new Prng(`read-cache-${dialect}`);
      const random = () => prng.next();
      const posts: NostrEvent[] = [];
      let compared = 0;
      let hits = 0;
      for (let step = 0; step < 90; step++) {
        const event = randomEvent(random, posts, step);
        const [result] = await ingestEvents(cached, [event], { source: 'relay', now: NOW });
        expect(result.ok, result.reason).toBe(true);
        if (event.kind === 1 || event.kind === 6) posts.push(event);
        if (random() < 0.2) await previewFetched(cached, random, step);
        for (let k = 0; k < 4; k++) {
          const [command, payload] = randomRequest(random, posts);
          const before = readCacheOf(cached)?.events.size ?? 0;
          const fromCache = await answer(cached, command, payload);
          if (before > 0) hits += 1;
          const fromStore = await answer(plain, command, payload);
          expect(fromCache, `${command} ${JSON.stringify(payload)} after step ${step}`).toEqual(fromStore);
          // the same request again, now from what the first one kept
          expect(await answer(cached, command, payload)).toEqual(fromStore);
          compared += 1;
        }
      }
      expect(compared).toBe(360);
      expect(hits).toBeGreaterThan(100);
    }, 120_000);
  });
}
