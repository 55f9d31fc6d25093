import { expect, it } from 'vitest';
import { note, testUser } from '../../test/fixtures/events.ts';
import { ingestEvents } from '../ingest/index.ts';
import type { StoreChangeSet } from '../read-cache/change-set.ts';
import { startServer } from '../server.ts';
import { readCacheOf } from './read-cache.ts';

it('is on with answer reuse, off with responseCacheMs 0, and the notifier hands on every store change set', async () => {
  const on = await startServer({ sqlitePath: ':memory:' });
  const off = await startServer({ sqlitePath: ':memory:', limits: { responseCacheMs: 0 } });
  try {
    expect(readCacheOf(on.store)).toBeDefined();
    expect(readCacheOf(off.store)).toBeUndefined();
    const seen: StoreChangeSet[] = [];
    const stop = on.notifier.onChanges((changes) => seen.push(changes));
    const event = note(testUser('read-cache-server'), 'hello');
    await ingestEvents(on.store, [event], { source: 'relay' });
    stop();
    expect(seen).toHaveLength(1);
    expect(seen[0].events).toContain(event.id);
    expect(seen[0].pubkeys).toContain(event.pubkey);
    expect(JSON.parse(JSON.stringify(seen[0]))).toEqual(seen[0]); // plain data: can be posted to another thread
  } finally {
    await Promise.all([on.close(), off.close()]);
  }
  expect(readCacheOf(on.store)).toBeUndefined();
});
