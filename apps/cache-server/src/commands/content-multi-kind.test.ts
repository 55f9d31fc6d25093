import type { CacheClient } from '@tide/core/cache';
import type { NostrEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { contacts, ev, note, reaction, reply, T0, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import { type RunningServer, startServer } from '../server.ts';
import { markedParent } from './content-multi-kind.ts';
import { newClient, rangeOf } from './content-wire.test-helper.ts';

const NOW = T0 + 3600;
const viewer = testUser('multi-viewer');
const amy = testUser('multi-amy');
const ben = testUser('multi-ben');
const fans = [0, 1, 2, 3, 4].map((i) => testUser(`multi-fan-${i}`));

// amy's feed: a note, a photo (20), a short video (34236, addressable)
const text = note(amy, 'A plain note', [], T0 + 100);
const photo = ev(amy, 20, 'A photo', [['imeta', 'url https://example.com/a.jpg', 'm image/jpeg']], T0 + 200);
const video = ev(amy, 34236, 'A short video', [['d', 'clip']], T0 + 300);
// a thread: root, a kind-1 reply, a kind-1111 comment, a reply to the reply, and a note with positional tags only
const root = note(ben, 'Thread root', [], T0 + 400);
const answer = reply(amy, root, 'A kind-1 reply', T0 + 410);
const comment = ev(ben, 1111, 'A comment', [['e', root.id, '', 'reply']], T0 + 420);
const deeper = reply(ben, answer, 'A reply to the reply', T0 + 430, root);
const positional = note(
  amy,
  'Positional tags only',
  [
    ['e', root.id],
    ['e', answer.id],
  ],
  T0 + 440,
);

describeDialects('multi-kind mega feed and thread view over the wire', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  beforeAll(async () => {
    const events: NostrEvent[] = [
      contacts(viewer, [amy], T0),
      ...fans.map((f) => contacts(f, [amy], T0)), // five followers: amy's photo can trend
      text,
      photo,
      video,
      ...fans.map((f) => reaction(f, photo, '+', T0 + 500)),
      reaction(fans[0], text, '+', T0 + 500),
      root,
      answer,
      comment,
      deeper,
      positional,
    ];
    const results = await ingestEvents(getStore(), events, { source: 'import', now: NOW });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    server = await startServer({ store: getStore(), now: () => NOW });
    client = newClient(server);
  });
  afterAll(async () => {
    client.disconnect();
    await server.close();
  });

  const multi = async (spec: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    rangeOf(
      await client.request('multi_kind_mega_feed_directive', {
        spec: JSON.stringify(spec),
        user_pubkey: viewer.pubkey,
        limit: 20,
        ...extra,
      }),
    ).elements;

  it('latest with kind photos, short_videos and media: the follows feed of kind 20, 34236, both', async () => {
    expect(await multi({ id: 'latest', kind: 'photos' })).toEqual([photo.id]);
    expect(await multi({ id: 'latest', kind: 'short_videos' })).toEqual([video.id]);
    expect(await multi({ id: 'latest', kind: 'media' })).toEqual([video.id, photo.id]);
    expect(await multi({ id: 'latest', kind: 'notes' })).toEqual([positional.id, text.id]); // kinds 1 and 6, no replies
  });

  it('other specs take every kind of `kinds`; mega_feed_directive takes the first only', async () => {
    const spec = { id: 'feed', kind: 'notes', notes: 'authored', pubkey: amy.pubkey };
    expect(await multi(spec, { kinds: [20, 1] })).toEqual([positional.id, photo.id, text.id]);
    const single = await client.request('mega_feed_directive', { spec: JSON.stringify(spec), kinds: [20, 1] });
    expect(rangeOf(single).elements).toEqual([photo.id]);
    const trending = { id: 'global-trending', kind: 'notes', hours: 24 };
    // one note per author: amy's photo (five likes) outranks her note (one like) once kind 20 is listed
    expect(await multi(trending, { kinds: [1, 20] })).toEqual([photo.id]);
    expect(await multi(trending)).toEqual([text.id]);
    await expect(
      client.request('multi_kind_mega_feed_directive', { spec: JSON.stringify(spec), kinds: ['x'] }),
    ).rejects.toMatchObject({ notice: 'invalid kinds' });
  });

  const thread = async (payload: Record<string, unknown>) =>
    rangeOf(await client.request('multi_kind_thread_view', { limit: 20, ...payload })).elements;

  it('multi_kind_thread_view lists replies of `kinds` (default [1]); thread_view lists every kind', async () => {
    expect(await thread({ event_id: root.id })).toEqual([answer.id, root.id]);
    expect(await thread({ event_id: root.id, kinds: [1, 1111] })).toEqual([comment.id, answer.id, root.id]);
    expect(await thread({ event_id: root.id, kinds: [1111] })).toEqual([comment.id, root.id]);
    const plain = await client.request('thread_view', { event_id: root.id, limit: 20 });
    expect(rangeOf(plain).elements).toEqual([comment.id, answer.id, root.id]);
  });

  it('walks ancestors by e tags marked reply/root, not positional ones', async () => {
    expect(await thread({ event_id: deeper.id })).toEqual([deeper.id, answer.id, root.id]);
    expect(await thread({ event_id: positional.id })).toEqual([positional.id]);
    const plain = await client.request('thread_view', { event_id: positional.id, limit: 20 });
    expect(rangeOf(plain).elements).toEqual([positional.id, answer.id, root.id]);
    expect(await thread({ event_id: deeper.id, include_parent_posts: false })).toEqual([deeper.id]);
  });
});

it('markedParent: the reply marker, else the root marker, never a positional or mention tag', () => {
  const a = 'a'.repeat(64);
  const b = 'b'.repeat(64);
  expect(
    markedParent([
      ['e', a, '', 'root'],
      ['e', b, '', 'reply'],
    ]),
  ).toBe(b);
  expect(markedParent([['e', a, '', 'root']])).toBe(a);
  expect(
    markedParent([
      ['e', a],
      ['e', b, '', 'mention'],
    ]),
  ).toBeUndefined();
  expect(
    markedParent([
      ['e', 'nothex', '', 'reply'],
      ['e', a, '', 'root'],
    ]),
  ).toBe(a);
});
