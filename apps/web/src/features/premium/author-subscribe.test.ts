import type { NostrEvent } from '@tide/core/nostr';
import { describe, expect, it } from 'vitest';
import { activeSubscription, creatorTiers, subscribeTemplate, unsubscribeTemplate } from './author-subscribe.tsx';

const author = 'ab'.repeat(32);
const tier = (d: string, title: string, amount: string): NostrEvent => ({
  id: `id-${d}`,
  pubkey: author,
  kind: 37001,
  created_at: 1,
  content: `${title} perks`,
  sig: '',
  tags: [
    ['d', d],
    ['title', title],
    ['amount', amount, 'msats', 'monthly'],
  ],
});

describe('author subscription', () => {
  it('lists the tiers in the order of the tier list (17000) with their prices', () => {
    const list = {
      kind: 17000,
      tags: [
        ['a', `37001:${author}:gold`],
        ['a', `37001:${author}:basic`],
      ],
    };
    const tiers = creatorTiers([tier('basic', 'Basic', '1000'), tier('gold', 'Gold', '9000'), list]);
    expect(tiers.map((t) => [t.title, t.prices[0]])).toEqual([
      ['Gold', ['9000', 'msats', 'monthly']],
      ['Basic', ['1000', 'msats', 'monthly']],
    ]);
    expect(tiers[0]?.description).toBe('Gold perks');
  });

  it('subscribing is a kind 7001 naming the author and tier; unsubscribing a 7002 naming the subscription', () => {
    const [gold] = creatorTiers([tier('gold', 'Gold', '9000')]);
    const sub = subscribeTemplate(author, gold!);
    expect(sub.kind).toBe(7001);
    expect(sub.tags).toContainEqual(['p', author]);
    expect(sub.tags).toContainEqual(['e', 'id-gold']);
    expect(sub.tags).toContainEqual(['a', `37001:${author}:gold`]);
    expect(sub.tags).toContainEqual(['amount', '9000', 'msats', 'monthly']);
    expect(unsubscribeTemplate(author, 'sub1')).toEqual({
      kind: 7002,
      content: '',
      tags: [
        ['p', author],
        ['e', 'sub1'],
      ],
    });
  });

  it('finds the standing subscription: the newest 7001 naming the author that no 7002 ended', () => {
    const event = (id: string, kind: number, created_at: number, tags: string[][]): NostrEvent => ({
      id,
      kind,
      created_at,
      tags,
      pubkey: 'cd'.repeat(32),
      content: '',
      sig: '',
    });
    const other = 'ef'.repeat(32);
    const old = event('old', 7001, 1, [['p', author]]);
    const newer = event('newer', 7001, 2, [['p', author]]);
    const elsewhere = event('elsewhere', 7001, 3, [['p', other]]);
    expect(activeSubscription([], author)).toBeNull();
    expect(activeSubscription([old, newer, elsewhere], author)).toBe('newer');
    const endNewer = event('end', 7002, 4, [
      ['p', author],
      ['e', 'newer'],
    ]);
    expect(activeSubscription([old, newer, endNewer], author)).toBe('old');
    const endOld = event('end2', 7002, 5, [
      ['p', author],
      ['e', 'old'],
    ]);
    expect(activeSubscription([old, newer, endNewer, endOld, elsewhere], author)).toBeNull();
  });
});
