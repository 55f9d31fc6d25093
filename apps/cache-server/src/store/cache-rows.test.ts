import { afterEach, describe, expect, it } from 'vitest';
import { openTestStore, testDialects } from '../../test/dialects.ts';
import { readCacheRow, writeCacheRow } from './cache-rows.ts';
import type { Store } from './open-store.ts';

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

for (const dialect of testDialects()) {
  describe(`cache rows [${dialect}]`, () => {
    it('reads nothing for a missing key, then what was written, and the newest value after a rewrite', async () => {
      const store = await openTestStore(dialect, 'cacherows');
      opened.push(store);
      expect(await readCacheRow(store, 'k')).toBeNull();
      await writeCacheRow(store, 'k', 'one', 100);
      await writeCacheRow(store, 'other', 'x', 50);
      expect(await readCacheRow(store, 'k')).toEqual({ value: 'one', updatedAt: 100 });
      await writeCacheRow(store, 'k', 'two', 200);
      expect(await readCacheRow(store, 'k')).toEqual({ value: 'two', updatedAt: 200 });
      expect(await readCacheRow(store, 'other')).toEqual({ value: 'x', updatedAt: 50 });
    });
  });
}
