import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CacheClient, fetchRecommendedBlossomServers, fetchReplaceableEvent, findReposts } from '@tide/core/cache';
import { expect, it } from 'vitest';
import { type Fixture, NOW, U } from '../src/commands/content-test-fixture.ts';
import { newClient, useFixtureWire } from '../src/commands/content-wire.test-helper.ts';
import { startServer } from '../src/server.ts';
import { describeDialects } from './dialects.ts';

/*
 * Commands outside spec §7's lists that core's CacheClient has typed functions for (protocol §3.3, §3.12): the server
 * answers them instead of "unknown api request".
 */

describeDialects('commands behind core typed functions', (getStore) => {
  let client: CacheClient;
  let f: Fixture;
  useFixtureWire(getStore, (wire) => {
    ({ f, client } = wire);
  });

  it('replaceable_event: the current event of a replaceable kind; a non-replaceable kind is a NOTICE', async () => {
    const mutes = await fetchReplaceableEvent(client, { pubkey: U.viewer.pubkey, kind: 10000 });
    expect(mutes.map((e) => e.id)).toEqual([f.mutes.id]);
    expect(await fetchReplaceableEvent(client, { pubkey: U.bob.pubkey, kind: 10063 })).toEqual([]);
    await expect(fetchReplaceableEvent(client, { pubkey: U.bob.pubkey, kind: 1 })).rejects.toThrow('invalid kind');
  });

  it("find_reposts: the user's reposts of an event (none for someone who did not repost it)", async () => {
    expect((await findReposts(client, { event_id: f.n1.id, pubkey: U.carol.pubkey })).map((e) => e.id)).toEqual([
      f.repost.id,
    ]);
    expect(await findReposts(client, { event_id: f.n1.id, pubkey: U.viewer.pubkey })).toEqual([]);
  });

  it('get_recommended_blossom_servers: this server when it takes uploads, else none', async () => {
    expect(await fetchRecommendedBlossomServers(client)).toEqual([]);
    const blobRoot = mkdtempSync(join(tmpdir(), 'tide-blobs-'));
    const uploads = await startServer({ store: getStore(), now: () => NOW, blobRoot });
    const other = newClient(uploads);
    try {
      expect(await fetchRecommendedBlossomServers(other)).toEqual([uploads.httpUrl]);
    } finally {
      other.disconnect();
      await uploads.close();
      rmSync(blobRoot, { recursive: true, force: true });
    }
  });
});
