import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { createSessionStore } from './session-store.ts';
import { stores } from './stores.ts';

describe('session store', () => {
  it('builds the session id web_<version>_<random> from the package version', () => {
    expect(pkg.version).toBe('2.1.10');
    expect(stores.session.getState().appId).toMatch(/^web_2\.1\.10_\d+$/);
    expect(createSessionStore('9.9.9').getState().appId).toMatch(/^web_9\.9\.9_\d+$/);
  });

  it('starts as a guest that has not connected to the caching service', () => {
    const state = createSessionStore('2.1.10').getState();
    expect(state.publicKey).toBeNull();
    expect(state.cacheStatus).toBe('idle');
  });

  it('starts from the remembered account when given one', () => {
    const state = createSessionStore('2.1.10', { publicKey: 'a'.repeat(64), method: 'npub' }).getState();
    expect(state).toMatchObject({ publicKey: 'a'.repeat(64), method: 'npub', canSign: false, keyLookupDone: false });
  });
});
