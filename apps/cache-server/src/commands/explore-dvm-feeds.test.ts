import type { CacheClient } from '@tide/core/cache';
import { type NostrEvent, signEvent } from '@tide/core/nostr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ingestEvents } from '../ingest/index.ts';
import type { RunningServer } from '../server.ts';
import { type FixtureUser, loadFixture, NOW, U } from './content-test-fixture.ts';
import { contentsOf, newClient, ofKind, openWire } from './content-wire.test-helper.ts';

function handler(u: FixtureUser, d: string, kinds: string[], at: number, name: string): NostrEvent {
  const tags = [['d', d], ['k', '5300'], ...kinds.map((k) => ['k', k])];
  const content = JSON.stringify({ name, about: `${name} about`, primal_spec: '{"kind":"reads","minwords":100}' });
  return signEvent({ kind: 31990, created_at: at, tags, content }, u.sk);
}

function like(u: FixtureUser, target: NostrEvent, at: number): NostrEvent {
  const tags = [
    ['e', target.id],
    ['p', target.pubkey],
  ];
  return signEvent({ kind: 7, created_at: at, tags, content: '+' }, u.sk);
}

describeDialects('DVM feed marketplace over the wire', (getStore) => {
  let server: RunningServer;
  let client: CacheClient;
  let bobFeed: string;
  const readsOld = handler(U.carol, 'carol-reads', ['30023'], NOW - 3600 * 5, 'Carol reads (old)');
  const reads = handler(U.carol, 'carol-reads', ['30023'], NOW - 3600, 'Carol reads');
  beforeAll(async () => {
    const f = await loadFixture(getStore());
    bobFeed = f.dvm.id;
    const extra = [readsOld, reads, like(U.viewer, f.dvm, NOW - 60), like(U.carol, f.dvm, NOW - 50)];
    const results = await ingestEvents(getStore(), extra, { source: 'import', now: NOW });
    expect(results.every((r) => r.ok)).toBe(true);
    ({ server, client } = await openWire(getStore()));
  });
  afterAll(async () => {
    client.disconnect();
    await server.close();
  });

  describe('get_featured_dvm_feeds', () => {
    it('lists current handlers newest first; a replaced version is not listed', async () => {
      const out = await client.request('get_featured_dvm_feeds', {});
      expect(ofKind(out, 31990).map((e) => e.id)).toEqual([reads.id, bobFeed]);
    });

    it('sends metadata (notes or reads by k tag), likes and sats, and the authors', async () => {
      const out = await client.request('get_featured_dvm_feeds', {});
      expect(contentsOf(out, 10000159)).toEqual([
        { event_id: reads.id, kind: 'reads', is_primal: false },
        { event_id: bobFeed, kind: 'notes', is_primal: false },
      ]);
      const stats = contentsOf<{ event_id: string }>(out, 10000100);
      expect(stats.find((s) => s.event_id === bobFeed)).toEqual({ event_id: bobFeed, likes: 2, satszapped: 0 });
      expect(
        ofKind(out, 0)
          .map((e) => e.pubkey)
          .sort(),
      ).toEqual([U.bob.pubkey, U.carol.pubkey].sort());
    });

    it('filters by kind', async () => {
      const notes = await client.request('get_featured_dvm_feeds', { kind: 'notes' });
      expect(ofKind(notes, 31990).map((e) => e.id)).toEqual([bobFeed]);
      const onlyReads = await client.request('get_featured_dvm_feeds', { kind: 'reads' });
      expect(ofKind(onlyReads, 31990).map((e) => e.id)).toEqual([reads.id]);
    });

    it('tells a viewer which feeds they liked', async () => {
      const other = newClient(server);
      const out = await other.request('get_featured_dvm_feeds', { user_pubkey: U.viewer.pubkey });
      other.disconnect();
      const actions = contentsOf<{ event_id: string; liked: boolean }>(out, 10000115);
      expect(actions.find((a) => a.event_id === bobFeed)?.liked).toBe(true);
    });
  });

  describe('dvm_feed_info', () => {
    it('answers one handler by address with its metadata, stats and author', async () => {
      const out = await client.request('dvm_feed_info', { pubkey: U.bob.pubkey, identifier: 'bob-feed' });
      expect(ofKind(out, 31990).map((e) => e.id)).toEqual([bobFeed]);
      expect(contentsOf(out, 10000159)).toEqual([{ event_id: bobFeed, kind: 'notes', is_primal: false }]);
      expect(contentsOf(out, 10000100)).toEqual([{ event_id: bobFeed, likes: 2, satszapped: 0 }]);
      expect(ofKind(out, 0).map((e) => e.pubkey)).toEqual([U.bob.pubkey]);
    });

    it('answers nothing for an unknown address and a NOTICE for a bad pubkey', async () => {
      expect(await client.request('dvm_feed_info', { pubkey: U.bob.pubkey, identifier: 'nope' })).toEqual([]);
      await expect(client.request('dvm_feed_info', { pubkey: 'xyz', identifier: 'bob-feed' })).rejects.toMatchObject({
        notice: 'invalid pubkey',
      });
    });
  });
});
