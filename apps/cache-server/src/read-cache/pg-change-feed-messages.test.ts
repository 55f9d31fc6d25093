import { describe, expect, it } from 'vitest';
import { note, reaction, testUser } from '../../test/fixtures/events.ts';
import { touchedKeys } from './change-keys.ts';
import { ChangeRecorder, type StoreChangeSet } from './change-set.ts';
import { changesOf, MAX_MESSAGES, messagesOf } from './pg-change-feed-messages.ts';

const ann = testUser('feed-messages-ann');
const bob = testUser('feed-messages-bob');
const id = (n: number) => n.toString(16).padStart(64, '0');

/** The change set a peer puts together from every message of `changes`. */
function received(changes: StoreChangeSet): StoreChangeSet[] {
  return messagesOf('o', changes).map((m) => changesOf(JSON.parse(JSON.stringify(m))) as StoreChangeSet);
}

describe('change feed messages', () => {
  it('split ids of a set without keys under the payload limit, keep the flags, send a huge set as everything', () => {
    const events = Array.from({ length: 250 }, (_, i) => id(i));
    const messages = messagesOf('o', { events, pubkeys: [id(999)], media: true, links: true, all: false });
    expect(messages.map((m) => [m.e?.length, m.p?.length])).toEqual([
      [100, undefined],
      [100, undefined],
      [50, undefined],
      [undefined, 1],
    ]);
    expect(messages[0]).toMatchObject({ m: 1, l: 1 });
    expect(messages.every((m) => JSON.stringify(m).length < 8000)).toBe(true);
    expect(messagesOf('o', { events: [], pubkeys: [], media: true, all: false })).toEqual([{ o: 'o', m: 1 }]);
    const huge = Array.from({ length: 2001 }, (_, i) => id(i));
    expect(messagesOf('o', { events: huge, pubkeys: [], media: false, all: false })).toEqual([{ o: 'o', a: 1 }]);
    expect(messagesOf('o', { events: [id(1)], pubkeys: [], media: false, all: true })).toEqual([{ o: 'o', a: 1 }]);
  });

  it("carry an ingest write's dependency keys: the peer touches the same keys and forgets at least the same pieces", () => {
    const recorder = new ChangeRecorder();
    const post = note(ann, 'Café au lait with #friends https://example.com/x', [['p', bob.pubkey]]);
    const like = reaction(bob, post);
    recorder.accepted(post);
    recorder.accepted(like);
    recorder.row('events', { id: post.id });
    recorder.row('event_stats', { event_id: post.id });
    recorder.row('event_pubkey_actions', { event_id: post.id, pubkey: bob.pubkey });
    recorder.row('user_stats', { pubkey: ann.pubkey }, { notes: 1 });
    recorder.row('user_stats', { pubkey: bob.pubkey }, { followers_count: 1 });
    recorder.row('replaceable_events', { pubkey: bob.pubkey });
    recorder.row('media', { url: 'https://example.com/x.png' });
    const sent = recorder.toChangeSet();
    const parts = received(sent);
    expect(parts).toHaveLength(1);
    expect(touchedKeys(parts[0])).toEqual(touchedKeys(sent));
    expect(parts[0].media).toBe(true);
    expect(parts[0].events).toEqual(expect.arrayContaining(sent.events));
    expect(parts[0].pubkeys).toEqual(expect.arrayContaining(sent.pubkeys));
    // each pubkey once, however many keys name it
    expect(JSON.stringify(messagesOf('o', sent)).split(ann.pubkey)).toHaveLength(2);
  });

  it('split many keys into messages under 8,000 bytes (words of any script), and too many as everything', () => {
    const keys = Array.from({ length: 1500 }, (_, i) => (i % 2 ? `a:${id(i)}` : `w:слово${i}`));
    const sent: StoreChangeSet = { events: [], pubkeys: [], media: false, all: false, keys };
    const messages = messagesOf('o', sent);
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.length).toBeLessThanOrEqual(MAX_MESSAGES);
    expect(messages.every((m) => Buffer.byteLength(JSON.stringify(m)) < 7500)).toBe(true);
    const union = new Set(received(sent).flatMap((c) => c.keys ?? []));
    expect(union).toEqual(new Set(keys));
    const tooMany = Array.from({ length: 3000 }, (_, i) => `e:${id(i)}`);
    expect(messagesOf('o', { ...sent, keys: tooMany })).toEqual([{ o: 'o', a: 1 }]);
  });

  it('a heartbeat carries no changes', () => {
    expect(changesOf({ o: 'o', h: 3 })).toBeUndefined();
  });
});
