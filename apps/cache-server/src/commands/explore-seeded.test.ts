import type { CacheClient } from '@tide/core/cache';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { DEFAULT_ACCOUNT_PUBKEY, seedDemoNetwork } from '../seed/index.ts';
import { type RunningServer, startServer } from '../server.ts';
import { contentOf, newClient, ofKind, rangeOf } from './content-wire.test-helper.ts';

const NOW = 1_790_000_000;

describeDialects('explore on a freshly seeded demo network', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  beforeAll(async () => {
    await seedDemoNetwork(getStore(), { seed: 'explore-seeded', scale: 1_500, now: NOW });
    server = await startServer({ store: getStore(), now: () => NOW });
    client = newClient(server);
  }, 120_000);
  afterAll(async () => {
    client.disconnect();
    await server.close();
  });

  it('every timeframe of the web app has notes (mostzapped4h = mostzapped created in the last 4 h)', async () => {
    const viewer = { user_pubkey: DEFAULT_ACCOUNT_PUBKEY };
    for (const timeframe of ['latest', 'trending', 'popular', 'mostzapped']) {
      const out = await client.request('explore', { timeframe, scope: 'global', limit: 20, ...viewer });
      expect(rangeOf(out).elements.length, timeframe).toBeGreaterThan(0);
    }
    const last4h = await client.request('explore', {
      timeframe: 'mostzapped',
      scope: 'global',
      limit: 20,
      created_after: NOW - 4 * 3600,
      ...viewer,
    });
    const range = rangeOf(last4h);
    expect(range.elements.length).toBeGreaterThan(0);
    for (const id of range.elements) {
      expect(ofKind(last4h, 1).find((e) => e.id === id)?.created_at).toBeGreaterThanOrEqual(NOW - 4 * 3600);
    }
  });

  it('people, zaps and topics tabs have entries', async () => {
    const people = await client.request('explore_people', {
      offset: 0,
      limit: 10,
      user_pubkey: DEFAULT_ACCOUNT_PUBKEY,
    });
    expect(rangeOf(people).elements.length).toBeGreaterThan(0);
    const zaps = await client.request('explore_zaps', { offset: 0, limit: 20 });
    expect(ofKind(zaps, 9735).length).toBeGreaterThan(0);
    const topics = await client.request('explore_topics');
    expect(Object.keys(contentOf(topics[0])).length).toBeGreaterThan(0);
  });
});
