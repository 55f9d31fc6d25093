import type { CacheClient } from '@tide/core/cache';
import { CacheKind } from '@tide/core/nostr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import type { RunningServer } from '../server.ts';
import { loadFixture } from './content-test-fixture.ts';
import { contentOf, ofKind, openWire } from './content-wire.test-helper.ts';

describeDialects('trending hashtags over the wire', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  beforeAll(async () => {
    await loadFixture(getStore());
    ({ server, client } = await openWire(getStore()));
  });
  afterAll(async () => {
    client.disconnect();
    await server.close();
  });

  const tags = async (command: string, payload?: Record<string, unknown>) =>
    contentOf<Array<[string, number]>>(ofKind(await client.request(command, payload), CacheKind.Hashtags)[0]);

  it('trending_hashtags_4h: [[hashtag, uses]] of the last 4 hours, most used first', async () => {
    expect(await tags('trending_hashtags_4h')).toEqual([
      ['nostr', 1],
      ['spam', 1],
    ]);
  });

  it('trending_hashtags (24 h) and _7d reach further back; limit caps the list', async () => {
    expect(await tags('trending_hashtags')).toEqual([
      ['nostr', 2],
      ['coffee', 1],
      ['spam', 1],
    ]);
    expect((await tags('trending_hashtags_7d')).map(([t]) => t)).toContain('coffee');
    expect(await tags('trending_hashtags', { limit: 1 })).toEqual([['nostr', 2]]);
  });
});
