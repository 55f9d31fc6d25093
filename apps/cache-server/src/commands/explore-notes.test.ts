import type { CacheClient } from '@tide/core/cache';
import { beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { type Fixture, NOW, U } from './content-test-fixture.ts';
import { contentOf, contentsOf, ofKind, rangeOf, useFixtureWire } from './content-wire.test-helper.ts';
import { addFans } from './explore-test-fans.ts';

describeDialects('explore over the wire', (getStore) => {
  let client: CacheClient;
  let f: Fixture;
  useFixtureWire(getStore, (wire) => {
    ({ f, client } = wire);
  });
  // trending and scored users keep authors with ≥ 5 followers; the fans' lists are older than explore_people's week
  beforeAll(() => addFans(getStore(), [U.bob.pubkey, U.carol.pubkey, U.dave.pubkey], 5, NOW - 10 * 86_400, NOW));

  it('explore trending: by score, one note per author, range on score', async () => {
    const out = await client.request('explore', { timeframe: 'trending', scope: 'global', limit: 20 });
    const range = rangeOf(out);
    expect(range.order_by).toBe('score');
    expect(range.elements[0]).toBe(f.n1.id);
    const authors = range.elements.map((id) => ofKind(out, 1).find((e) => e.id === id)?.pubkey);
    expect(new Set(authors).size).toBe(authors.length);
    expect(range.since).toBeLessThanOrEqual(range.until ?? 0);
  });

  it('explore latest in the follows scope, and mostzapped', async () => {
    const latest = await client.request('explore', {
      timeframe: 'latest',
      scope: 'follows',
      user_pubkey: U.viewer.pubkey,
    });
    expect(rangeOf(latest).elements).toEqual([f.n4.id, ...[f.n2.id, f.n3.id].sort().reverse(), f.n1.id, f.old.id]);
    const zapped = await client.request('explore', { timeframe: 'mostzapped', scope: 'global' });
    expect(rangeOf(zapped)).toMatchObject({ order_by: 'satszapped', elements: [f.n1.id], since: 2600, until: 2600 });
    await expect(client.request('explore', { timeframe: 'soon', scope: 'global' })).rejects.toMatchObject({
      notice: 'unknown timeframe: soon',
    });
  });

  it('scored: notes of the window without stats or range; bad selector is a NOTICE', async () => {
    const out = await client.request('scored', { selector: 'trending_24h', user_pubkey: U.viewer.pubkey });
    expect(ofKind(out, 1).map((e) => e.id)).toContain(f.n1.id);
    expect(ofKind(out, 10000100)).toHaveLength(0);
    expect(ofKind(out, 10000113)).toHaveLength(0);
    await expect(client.request('scored', { selector: 'best' })).rejects.toMatchObject({
      notice: 'unknown selector: best',
    });
  });

  it('explore_zaps: receipts by amount with the zapped notes', async () => {
    const out = await client.request('explore_zaps', { limit: 20 });
    expect(ofKind(out, 9735).map((e) => e.id)).toEqual([f.zap1.id, f.zap2.id]);
    expect(rangeOf(out)).toMatchObject({ order_by: 'amount_sats', since: 500, until: 2100 });
    expect(ofKind(out, 1).map((e) => e.id)).toEqual([f.n1.id]);
  });

  it('explore_topics counts hashtags (notes and articles) of the last 24 hours', async () => {
    const out = await client.request('explore_topics');
    expect(contentOf(out[0])).toEqual({ nostr: 2, coffee: 1, spam: 1 });
  });

  it('explore_people: users gaining followers, minus the viewer’s follows', async () => {
    const forDave = await client.request('explore_people', { user_pubkey: U.dave.pubkey, limit: 10 });
    expect(rangeOf(forDave)).toMatchObject({ order_by: 'increase', elements: [U.bob.pubkey, U.carol.pubkey] });
    expect(contentOf(ofKind(forDave, 10000157)[0])).toEqual({
      // counts include the five older fans: ratio = increase / (count - increase)
      [U.bob.pubkey]: { increase: 2, ratio: 0.4, count: 7 },
      [U.carol.pubkey]: { increase: 1, ratio: 0.2, count: 6 },
    });
    const forViewer = await client.request('explore_people', { user_pubkey: U.viewer.pubkey, limit: 10 });
    expect(rangeOf(forViewer).elements).toEqual([]);
  });

  it('explore_legend_counts and explore_media', async () => {
    const legend = await client.request('explore_legend_counts', { pubkey: U.viewer.pubkey });
    expect(legend[0]).toMatchObject({ kind: 10000102, pubkey: U.viewer.pubkey });
    expect(contentOf(legend[0])).toMatchObject({ your_follows: 2, your_inner_network: 2, your_outer_network: 2 });
    const media = await client.request('explore_media', { limit: 20 });
    expect(rangeOf(media).order_by).toBe('created_at');
  });

  it('scored_users_24h ranks authors by their best score24h', async () => {
    const out = await client.request('scored_users_24h', {});
    const scores = contentsOf<Record<string, number>>(out, 10000108)[0];
    expect(Object.keys(scores)[0]).toBe(U.bob.pubkey);
    expect(ofKind(out, 0).map((e) => e.pubkey)).toContain(U.bob.pubkey);
  });
});
