import { type NostrEvent, signEvent } from '@tide/core/nostr';
import { ingestEvents } from '../ingest/index.ts';
import { deriveSecretKey, publicKeyOf } from '../seed/signer.ts';
import type { Store } from '../store/index.ts';
import { type FixtureUser, loadFixture, NOW } from './content-test-fixture.ts';

/*
 * The content fixture plus two authors made for advanced search: erin writes notes of known language and
 * sentiment, frank posts media, links and replies. frank follows erin; erin bookmarks frank's picture.
 */

const H = 3600;

function user(label: string): FixtureUser {
  const sk = deriveSecretKey(`search-fixture:${label}`);
  return { sk, pubkey: publicKeyOf(sk) };
}

/** The search fixture's own authors. */
export const S = { erin: user('erin'), frank: user('frank') };

function sign(u: FixtureUser, kind: number, ago: number, tags: string[][], content: string): NostrEvent {
  return signEvent({ kind, created_at: NOW - ago, tags, content }, u.sk);
}

/** The search fixture's own events. */
export function searchEvents() {
  const { erin, frank } = S;
  const e1 = sign(erin, 1, 1 * H, [['t', 'zebra']], 'I love this great zebra day and the sun :)');
  const e2 = sign(erin, 1, 2 * H, [], 'Le zèbre est dans la maison avec les enfants, zebra');
  const e3 = sign(erin, 1, 3 * H, [], 'Where is the zebra?');
  const e4 = sign(erin, 1, 4 * H, [], 'I hate this and that terrible zebra crossing');
  const picture = 'https://img.example.com/z.jpg';
  const f1 = sign(frank, 1, 1.5 * H, [['imeta', `url ${picture}`, 'dim 600x1400']], `zebra photo ${picture}`);
  const f2 = sign(
    frank,
    1,
    2.5 * H,
    [],
    'zebra song https://tunes.example.org/song.mp3 via https://news.site/item?id=7',
  );
  const clip = 'https://v.example.com/clip.mp4';
  const f3 = sign(frank, 1, 3.5 * H, [['imeta', `url ${clip}`, 'dim 1920x1080', 'duration 45']], `zebra clip ${clip}`);
  const f4 = sign(
    frank,
    1,
    4.5 * H,
    [
      ['e', e1.id, '', 'root'],
      ['p', erin.pubkey],
    ],
    'zebra reply',
  );
  const f5 = sign(
    frank,
    1,
    5 * H,
    [
      ['e', e3.id, '', 'root'],
      ['p', erin.pubkey],
    ],
    `long answer ${'zebra '.repeat(110)}`,
  );
  const frankFollows = sign(frank, 3, 10 * H, [['p', erin.pubkey]], '');
  const erinBookmarks = sign(erin, 10003, 1 * H, [['e', f1.id]], '');
  const pack = sign(
    frank,
    39089,
    10 * H,
    [
      ['d', 'zebra-people'],
      ['p', erin.pubkey],
    ],
    '',
  );
  return { e1, e2, e3, e4, f1, f2, f3, f4, f5, frankFollows, erinBookmarks, pack };
}

/** Loads the content fixture and the search fixture; erin also gets the verified name `erin`. */
export async function loadSearchFixture(store: Store) {
  const f = await loadFixture(store);
  const s = searchEvents();
  const results = await ingestEvents(store, Object.values(s), { source: 'import', now: NOW });
  const bad = results.filter((r) => !r.ok);
  if (bad.length > 0) throw new Error(`search fixture rejected: ${JSON.stringify(bad)}`);
  await store.db
    .insertInto('verified_users')
    .values({ name: 'erin', pubkey: S.erin.pubkey, default_name: 1, added_at: NOW })
    .execute();
  return { f, s };
}
