import type { CacheClient } from '@tide/core/cache';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { type RunningServer, startServer } from '../server.ts';
import { type Fixture, loadFixture, NOW, U } from './content-test-fixture.ts';
import { contentOf, contentsOf, newClient, ofKind, rangeOf } from './content-wire.test-helper.ts';
import { shiftCreatedAfter } from './explore-clock.ts';
import { addFans } from './explore-test-fans.ts';

/** The server's clock three days after the fixture's newest event: a demo network seeded earlier, served today. */
const LATER = NOW + 3 * 86_400;

describeDialects('explore on a store that has been quiet for days', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  let f: Fixture;
  beforeAll(async () => {
    f = await loadFixture(getStore());
    // trending and scored users keep authors with ≥ 5 followers (lists older than explore_people's week)
    await addFans(getStore(), [U.bob.pubkey, U.carol.pubkey, U.dave.pubkey], 5, NOW - 10 * 86_400, NOW);
    server = await startServer({ store: getStore(), now: () => LATER });
    client = newClient(server);
  });
  afterAll(async () => {
    client.disconnect();
    await server.close();
  });

  it('trending and mostzapped read the last day/week before the newest event, not an empty stretch', async () => {
    const trending = await client.request('explore', { timeframe: 'trending', scope: 'global', limit: 20 });
    expect(rangeOf(trending)).toMatchObject({ order_by: 'score' });
    expect(rangeOf(trending).elements[0]).toBe(f.n1.id);
    const zapped = await client.request('explore', { timeframe: 'mostzapped', scope: 'global', limit: 20 });
    expect(rangeOf(zapped)).toMatchObject({ order_by: 'satszapped', elements: [f.n1.id] });
  });

  it('a created_after from the client clock slides back with the data (mostzapped4h-style windows)', async () => {
    const since11h = await client.request('explore', {
      timeframe: 'mostzapped',
      scope: 'global',
      limit: 20,
      created_after: LATER - 11 * 3600,
    });
    expect(rangeOf(since11h).elements).toEqual([f.n1.id]);
    const since4h = await client.request('explore', {
      timeframe: 'mostzapped',
      scope: 'global',
      limit: 20,
      created_after: LATER - 4 * 3600,
    });
    expect(rangeOf(since4h).elements).toEqual([]);
  });

  it('explore_zaps, explore_topics and explore_people answer from the latest activity', async () => {
    const zaps = await client.request('explore_zaps', { offset: 0, limit: 20 });
    expect(ofKind(zaps, 9735).map((e) => e.id)).toEqual([f.zap1.id, f.zap2.id]);
    const topics = await client.request('explore_topics');
    expect(contentOf(topics[0])).toEqual({ nostr: 2, coffee: 1, spam: 1 });
    const people = await client.request('explore_people', { offset: 0, user_pubkey: U.dave.pubkey, limit: 10 });
    expect(rangeOf(people).elements).toEqual([U.bob.pubkey, U.carol.pubkey]);
  });

  it('scored and scored_users_24h use the same anchor', async () => {
    const scored = await client.request('scored', { selector: 'trending_24h', user_pubkey: U.viewer.pubkey });
    expect(ofKind(scored, 1).map((e) => e.id)).toContain(f.n1.id);
    const users = await client.request('scored_users_24h', {});
    expect(Object.keys(contentsOf<Record<string, number>>(users, 10000108)[0])).toContain(U.bob.pubkey);
  });
});

it('shiftCreatedAfter moves a client window back by the lag and leaves "no bound" alone', () => {
  expect(shiftCreatedAfter(1_000, 2_000, 1_500)).toBe(500);
  expect(shiftCreatedAfter(1_000, 2_000, 2_000)).toBe(1_000);
  expect(shiftCreatedAfter(0, 2_000, 1_000)).toBe(0);
  expect(shiftCreatedAfter(100, 5_000, 1_000)).toBe(0);
});
