import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { encodeBolt11 } from '@tide/core/lightning';
import { type NostrEvent, noteEncode, signEvent } from '@tide/core/nostr';
import { ingestEvents } from '../ingest/index.ts';
import { deriveSecretKey, publicKeyOf } from '../seed/signer.ts';
import type { Store } from '../store/index.ts';

/** "Now" of the fixture network (Unix seconds). */
export const NOW = 1_800_000_000;
const H = 3600;

/** A fixture user: secret key and pubkey. */
export interface FixtureUser {
  sk: Uint8Array;
  pubkey: string;
}

function user(label: string): FixtureUser {
  const sk = deriveSecretKey(`fixture:${label}`);
  return { sk, pubkey: publicKeyOf(sk) };
}

/** The fixture users: viewer follows bob and carol; dave is muted by the viewer. */
export const U = { viewer: user('viewer'), bob: user('bob'), carol: user('carol'), dave: user('dave') };

function sign(u: FixtureUser, kind: number, created_at: number, tags: string[][], content: string): NostrEvent {
  return signEvent({ kind, created_at, tags, content }, u.sk);
}

/** A zap receipt with a valid bolt11 whose description hash commits to the zap request. */
function zap(sender: FixtureUser, target: NostrEvent, sats: number, at: number): NostrEvent {
  const request = sign(
    sender,
    9734,
    at,
    [
      ['p', target.pubkey],
      ['e', target.id],
      ['amount', String(sats * 1000)],
    ],
    'zap!',
  );
  const description = JSON.stringify(request);
  const bolt11 = encodeBolt11({
    network: 'bc',
    amountMsat: sats * 1000,
    paymentHash: bytesToHex(sha256(utf8ToBytes(`hash-${at}-${sats}`))),
    descriptionHash: bytesToHex(sha256(utf8ToBytes(description))),
    paymentSecret: bytesToHex(sha256(utf8ToBytes(`secret-${at}`))),
    timestamp: at,
    privateKey: deriveSecretKey('fixture:node'),
  });
  const tags = [
    ['p', target.pubkey],
    ['P', sender.pubkey],
    ['e', target.id],
    ['bolt11', bolt11],
    ['description', description],
  ];
  return sign(user('zapper'), 9735, at, tags, '');
}

/** Every fixture event by name, in ingest order. */
export function fixtureEvents() {
  const { viewer, bob, carol, dave } = U;
  const profile = (u: FixtureUser, name: string, about: string) =>
    sign(u, 0, NOW - 100 * H, [], JSON.stringify({ name, about, picture: `https://example.com/${name}.png` }));
  const n1 = sign(bob, 1, NOW - 10 * H, [['t', 'coffee']], 'First coffee of the day #coffee');
  const n2 = sign(bob, 1, NOW - 5 * H, [], 'Second note about relays');
  const n3 = sign(carol, 1, NOW - 5 * H, [], 'Same second as the note before: ties');
  const n4 = sign(carol, 1, NOW - 2 * H, [['t', 'nostr']], 'Hello nostr world #nostr https://example.com/pic.png');
  const n5 = sign(dave, 1, NOW - 1 * H, [], 'Muted dave says something');
  const old = sign(carol, 1, NOW - 100 * 24 * H, [], 'An old note from long ago');
  // hidden from the viewer by their mute list: a muted hashtag, a muted word, a muted thread and a reply in it
  const spam = sign(bob, 1, NOW - 3 * H, [['t', 'spam']], 'Cheap offers #spam');
  const rude = sign(bob, 1, NOW - 3 * H - 1, [], 'Something Forbidden to read');
  const mutedThread = sign(carol, 1, NOW - 4 * H, [], 'A thread the viewer muted');
  const inMutedThread = sign(bob, 1, NOW - 4 * H + 5, [['e', mutedThread.id, '', 'root']], 'Reply in a muted thread');
  const r1 = sign(
    carol,
    1,
    NOW - 9 * H,
    [
      ['e', n1.id, '', 'root'],
      ['p', bob.pubkey],
    ],
    'Reply one',
  );
  const r2 = sign(
    bob,
    1,
    NOW - 8 * H,
    [
      ['e', n1.id, '', 'root'],
      ['e', r1.id, '', 'reply'],
      ['p', carol.pubkey],
    ],
    'Reply two',
  );
  const like = sign(
    viewer,
    7,
    NOW - 7 * H,
    [
      ['e', n1.id],
      ['p', bob.pubkey],
    ],
    '+',
  );
  const repost = sign(
    carol,
    6,
    NOW - 6 * H,
    [
      ['e', n1.id],
      ['p', bob.pubkey],
    ],
    JSON.stringify(n1),
  );
  const repostOfMuted = sign(
    bob,
    6,
    NOW - 30 * 60,
    [
      ['e', n5.id],
      ['p', dave.pubkey],
    ],
    JSON.stringify(n5),
  );
  const quote = sign(
    dave,
    1,
    NOW - 4 * H,
    [
      ['q', n1.id],
      ['p', bob.pubkey],
    ],
    `Look at this nostr:${noteEncode(n1.id)}`,
  );
  const zap1 = zap(viewer, n1, 2100, NOW - 3 * H);
  const zap2 = zap(carol, n1, 500, NOW - 3 * H + 10);
  const article = sign(
    bob,
    30023,
    NOW - 20 * H,
    [
      ['d', 'my-article'],
      ['title', 'My article'],
      ['summary', 'About things'],
      ['published_at', String(NOW - 20 * H)],
      ['t', 'nostr'],
    ],
    `# My article\n\n${'word '.repeat(150)}\n\nThe end of it.`,
  );
  const highlight = sign(
    carol,
    9802,
    NOW - 19 * H,
    [
      ['a', `30023:${bob.pubkey}:my-article`],
      ['p', bob.pubkey],
    ],
    'The end of it.',
  );
  const comment = sign(
    carol,
    1,
    NOW - 18 * H,
    [
      ['a', `30023:${bob.pubkey}:my-article`, '', 'root'],
      ['e', article.id, '', 'root'],
      ['p', bob.pubkey],
    ],
    'Nice article',
  );
  const draft = sign(
    viewer,
    31234,
    NOW - 30 * H,
    [
      ['d', 'draft-1'],
      ['k', '30023'],
    ],
    'encrypted-draft-payload',
  );
  const contacts = sign(
    viewer,
    3,
    NOW - 50 * H,
    [
      ['p', bob.pubkey],
      ['p', carol.pubkey],
    ],
    '',
  );
  const carolContacts = sign(carol, 3, NOW - 2 * H, [['p', bob.pubkey]], '');
  const mutes = sign(
    viewer,
    10000,
    NOW - 50 * H,
    [
      ['p', dave.pubkey],
      ['t', 'spam'],
      ['word', 'forbidden'],
      ['e', mutedThread.id],
    ],
    '',
  );
  const bookmarks = sign(
    viewer,
    10003,
    NOW - 1 * H,
    [
      ['e', n2.id],
      ['e', n4.id],
      ['a', `30023:${bob.pubkey}:my-article`],
    ],
    '',
  );
  const dvm = sign(
    bob,
    31990,
    NOW - 40 * H,
    [
      ['d', 'bob-feed'],
      ['k', '5300'],
      ['k', '1'],
    ],
    JSON.stringify({ name: 'Bob feed', about: 'What bob likes', primal_spec: '{"id":"all-notes","kind":"notes"}' }),
  );
  const tier = sign(
    carol,
    37001,
    NOW - 40 * H,
    [
      ['d', 'fan'],
      ['amount', '1000', 'msats', 'monthly'],
    ],
    'Fan tier',
  );
  const tierList = sign(carol, 17000, NOW - 40 * H, [['a', `37001:${carol.pubkey}:fan`]], '');
  return {
    profiles: [
      profile(viewer, 'viewer', 'I look at things'),
      profile(bob, 'bob', 'Bob writes'),
      profile(carol, 'carol', 'Carol replies'),
      profile(dave, 'dave', 'Dave is muted'),
    ],
    n1,
    n2,
    n3,
    n4,
    n5,
    old,
    spam,
    rude,
    mutedThread,
    inMutedThread,
    r1,
    r2,
    like,
    repost,
    repostOfMuted,
    quote,
    zap1,
    zap2,
    article,
    highlight,
    comment,
    draft,
    contacts,
    carolContacts,
    mutes,
    bookmarks,
    dvm,
    tier,
    tierList,
  };
}

/** The fixture's events, ready to ingest. */
export type Fixture = ReturnType<typeof fixtureEvents>;

/** Ingests the fixture network into a store; throws if ingest refuses any event. */
export async function loadFixture(store: Store): Promise<Fixture> {
  const f = fixtureEvents();
  const { profiles, ...rest } = f;
  const events = [...profiles, ...Object.values(rest)];
  const results = await ingestEvents(store, events, { source: 'import', now: NOW });
  const bad = results.filter((r) => !r.ok);
  if (bad.length > 0) throw new Error(`fixture rejected: ${JSON.stringify(bad)}`);
  return f;
}
