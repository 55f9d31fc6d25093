import { signEvent } from '@tide/core/nostr';
import { expect, it } from 'vitest';
import { describeDialects } from '../../test/dialects.ts';
import { ingestEvents } from '../ingest/index.ts';
import { enableReadCache } from '../read-cache/read-cache.ts';
import { loadAddresses } from './bundle-refs.ts';
import { NOW, U } from './content-test-fixture.ts';

describeDialects('bundle addresses', (getStore) => {
  it('finds the current version of each address, kept per author until the author writes one', async () => {
    const store = getStore();
    const article = (d: string, at: number, title: string) =>
      signEvent({ kind: 30023, created_at: at, tags: [['d', d]], content: title }, U.bob.sk);
    const first = article('x', NOW - 100, 'first');
    const other = article('y', NOW - 90, 'other');
    await ingestEvents(store, [first, other], { source: 'import', now: NOW });
    const wanted = [`30023:${U.bob.pubkey}:x`, `30023:${U.carol.pubkey}:x`, `1:${U.bob.pubkey}:`];
    const ids = async () => (await loadAddresses(store, wanted, null)).map((b) => b.event.id);
    expect(await ids()).toEqual([first.id]);
    const stop = enableReadCache(store);
    try {
      expect(await ids()).toEqual([first.id]);
      expect(await ids()).toEqual([first.id]);
      // a new version: ingest names its author, whose kept versions go (fails if they outlive the write)
      const second = article('x', NOW - 50, 'second');
      await ingestEvents(store, [second], { source: 'import', now: NOW });
      expect(await ids()).toEqual([second.id]);
    } finally {
      stop();
    }
  });
});
