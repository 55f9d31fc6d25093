import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { note, T0, testUser, zapReceipt } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import { onStoreChanges } from '../read-cache/change-feed.ts';
import { pokedKeys, touchedKeys } from '../read-cache/change-keys.ts';
import { type ChangeListener, type Facts, reasonFromFacts, ViewerFacts } from './viewer-facts.ts';

const viewerUser = testUser('facts-viewer');
const otherUser = testUser('facts-other');
const viewer = viewerUser.pubkey;
const other = otherUser.pubkey;

describeDialects('viewer facts', (getStore) => {
  it('are kept by the reuse rule and never across the viewer’s own write', async () => {
    let written = 0;
    const facts = new ViewerFacts(getStore(), { ttlMs: 1000, maxAgeMs: 30_000 }, () => written);
    const first = facts.of(viewer, 1, 100);
    expect(await first.muteFree()).toBe(true);
    expect(await first.actions()).toEqual(new Map());
    // unchanged store, later second: kept
    expect(facts.of(viewer, 1, 105)).toBe(first);
    // the store changed: kept within the second they were read in only
    const second = facts.of(viewer, 2, 106);
    expect(second).not.toBe(first);
    expect(facts.of(viewer, 3, 106)).toBe(second);
    const third = facts.of(viewer, 3, 107);
    expect(third).not.toBe(second);
    // another change within the second: kept; the viewer's own write (at sequence 5): read again
    expect(facts.of(viewer, 4, 107)).toBe(third);
    written = 5;
    expect(facts.of(viewer, 5, 107)).not.toBe(third);
  });

  it('with the change keys, are kept across others’ writes and read again once one touches the viewer’s', async () => {
    const store = getStore();
    let seq = 1;
    let listener: ChangeListener | undefined;
    const stop = onStoreChanges(store, (changes) => {
      seq += 1;
      listener?.(touchedKeys(changes), seq);
    });
    try {
      const facts = new ViewerFacts(
        store,
        { ttlMs: 1000, maxAgeMs: 30_000 },
        () => 0,
        (l) => {
          listener = l;
        },
      );
      const first = facts.of(viewer, seq, 100);
      expect(await first.actions()).toEqual(new Map());
      // another user's note, seconds later: the viewer's facts did not change
      const post = note(otherUser, 'a post to zap', [], T0);
      await ingestEvents(store, [post], { now: T0 + 100 });
      expect(seq).toBe(2);
      expect(facts.of(viewer, seq, 105)).toBe(first);
      // a zap the viewer sent, signed by the zapper: their actions changed
      await ingestEvents(store, [zapReceipt(testUser('facts-zapper'), viewerUser, { target: post, sats: 21 })], {
        now: T0 + 100,
      });
      const zapped = facts.of(viewer, seq, 105);
      expect(zapped).not.toBe(first);
      expect(JSON.parse(String((await zapped.actions())?.get(post.id)?.content))).toMatchObject({ zapped: true });
      expect(facts.of(viewer, seq, 110)).toBe(zapped);
      // their settings (a settings poke), then a change naming everything: read again
      listener?.(pokedKeys(`settings:${viewer}`) ?? null, ++seq);
      const set = facts.of(viewer, seq, 110);
      expect(set).not.toBe(zapped);
      listener?.(null, ++seq);
      expect(facts.of(viewer, seq, 111)).not.toBe(set);
      // kept up to maxAgeMs only, as answers are
      const kept = facts.of(viewer, seq, 111);
      expect(facts.of(viewer, seq, 111 + 31)).not.toBe(kept);
    } finally {
      stop();
    }
  });
});

it('a profile’s filtering reason follows filteringReason: self, allow list, mutes, then subscribed filter lists', async () => {
  const factsOf = (allowed: string[], muted: string[], wanted: string[]): Facts => ({
    muteFree: async () => true,
    muteRules: async () => ({ pubkeys: new Set(), hashtags: new Set(), words: [], threads: new Set() }),
    actions: async () => new Map(),
    moderation: async () => ({ allowed: new Set(allowed), muted: new Set(muted), wanted }),
  });
  const listed = async (wanted: string[]) => (wanted.includes('spam') ? 'spam' : undefined);
  const content = async (facts: Facts, pubkey = other) => {
    const reason = await reasonFromFacts(viewer, pubkey, facts, listed);
    return reason ? JSON.parse(String(reason.content)) : undefined;
  };
  expect(await content(factsOf([viewer], [viewer], ['spam']), viewer)).toBeUndefined();
  expect(await content(factsOf([other], [other], ['spam']))).toEqual({ action: 'allow', pubkey: other });
  expect(await content(factsOf([], [other], ['spam']))).toEqual({ action: 'block', pubkey: other });
  expect(await content(factsOf([], [], ['spam']))).toEqual({ action: 'block', group: 'primal_spam' });
  expect(await content(factsOf([], [], ['nsfw']))).toBeUndefined();
  expect(await content(factsOf([], [], []))).toBeUndefined();
});
