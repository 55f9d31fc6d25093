import { expect, it } from 'vitest';
import { sharedBundlesOf } from '../src/commands/bundle-shared.ts';
import { startServer } from '../src/server.ts';

it('shares viewer-independent bundle parts only while answer reuse is on (responseCacheMs > 0)', async () => {
  const on = await startServer({ sqlitePath: ':memory:' });
  const off = await startServer({ sqlitePath: ':memory:', limits: { responseCacheMs: 0 } });
  try {
    expect(sharedBundlesOf(on.store)).toBeDefined();
    expect(sharedBundlesOf(off.store)).toBeUndefined();
  } finally {
    await Promise.all([on.close(), off.close()]);
  }
});
