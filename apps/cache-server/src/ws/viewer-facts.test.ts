import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { testUser } from '../../test/fixtures/events.ts';
import { type Facts, reasonFromFacts, ViewerFacts } from './viewer-facts.ts';

const viewer = testUser('facts-viewer').pubkey;
const other = testUser('facts-other').pubkey;

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
